package io.hearth.gateway.service;

import io.hearth.gateway.config.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A token bucket per key (the signed URL path): {@code burst} requests at once, refilled at {@code perSecond}.
 * Per replica: with N replicas behind a balancer a path gets up to N times the rate. Buckets that refilled
 * completely are forgotten every few seconds, so memory follows the paths in use.
 */
@ApplicationScoped
public class RateLimiter {

    private static final long SWEEP_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final double perNano;
    private final double burst;
    private final int maxTracked;
    private final LongSupplier clock;
    private final Map<String, Bucket> buckets = new ConcurrentHashMap<>();
    private final AtomicLong nextSweep;

    @Inject
    public RateLimiter(GatewayConfig config) {
        this(config.rateLimit().perSecond(), config.rateLimit().burst(), config.rateLimit().maxTrackedPaths(),
                System::nanoTime);
    }

    /** A limiter on the given clock (nanoseconds), for tests. */
    public RateLimiter(double perSecond, int burst, int maxTracked, LongSupplier clock) {
        this.perNano = perSecond / TimeUnit.SECONDS.toNanos(1);
        this.burst = burst;
        this.maxTracked = maxTracked;
        this.clock = clock;
        this.nextSweep = new AtomicLong(clock.getAsLong() + SWEEP_NANOS);
    }

    /** Takes one token of {@code key}'s bucket; false when it is empty (the request is refused). */
    public boolean tryAcquire(String key) {
        long now = clock.getAsLong();
        sweep(now);
        return buckets.computeIfAbsent(key, k -> new Bucket(burst, now)).take(now, perNano, burst);
    }

    private void sweep(long now) {
        long due = nextSweep.get();
        if ((now - due >= 0 || buckets.size() > maxTracked) && nextSweep.compareAndSet(due, now + SWEEP_NANOS)) {
            buckets.values().removeIf(b -> b.full(now, perNano, burst));
        }
    }

    private static final class Bucket {
        private double tokens;
        private long updated;

        Bucket(double tokens, long updated) {
            this.tokens = tokens;
            this.updated = updated;
        }

        synchronized boolean take(long now, double perNano, double burst) {
            refill(now, perNano, burst);
            if (tokens < 1) {
                return false;
            }
            tokens -= 1;
            return true;
        }

        synchronized boolean full(long now, double perNano, double burst) {
            refill(now, perNano, burst);
            return tokens >= burst;
        }

        private void refill(long now, double perNano, double burst) {
            tokens = Math.min(burst, tokens + Math.max(0, now - updated) * perNano);
            updated = Math.max(updated, now);
        }
    }
}
