package io.hearth.gateway.service;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class RateLimiterTests {

    private final AtomicLong now = new AtomicLong();
    private final RateLimiter limiter = new RateLimiter(2, 3, 10, now::get);

    @Test
    void burstThenRefillAtTheRate() {
        assertThat(limiter.tryAcquire("/a")).isTrue();
        assertThat(limiter.tryAcquire("/a")).isTrue();
        assertThat(limiter.tryAcquire("/a")).isTrue();
        assertThat(limiter.tryAcquire("/a")).isFalse();
        assertThat(limiter.tryAcquire("/b")).isTrue();

        now.addAndGet(TimeUnit.MILLISECONDS.toNanos(500));
        assertThat(limiter.tryAcquire("/a")).isTrue();
        assertThat(limiter.tryAcquire("/a")).isFalse();

        now.addAndGet(TimeUnit.SECONDS.toNanos(60));
        for (int i = 0; i < 3; i++) {
            assertThat(limiter.tryAcquire("/a")).isTrue();
        }
        assertThat(limiter.tryAcquire("/a")).isFalse();
    }
}
