package io.hearth.platform.outbox;

import io.hearth.platform.messaging.IsolatedWork;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.SqlConnection;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Runs a reactive step again and again, waiting between runs as the step's result says,
 * until stopped; {@link #wakeUp()} cuts a wait short. Each run gets a fresh, safe duplicated
 * Vert.x context, as a request does: Hibernate Reactive keeps its session in the context, so
 * nothing of one run (or of another loop) can leak into the next. A failed step is logged and
 * retried after the failure delay; it never ends the loop.
 */
public final class ContextLoop<T> {

    private static final Logger LOG = Logger.getLogger(ContextLoop.class);
    private static final long NO_TIMER = -1;

    private final String name;
    private final Vertx vertx;
    private final Supplier<Uni<T>> step;
    private final Function<T, Duration> delayAfter;
    private final Duration failureDelay;
    private final AtomicLong timer = new AtomicLong(NO_TIMER);
    private final AtomicBoolean wakeRequested = new AtomicBoolean();
    private Context root;
    private volatile boolean running;

    public ContextLoop(String name, Vertx vertx, Supplier<Uni<T>> step, Function<T, Duration> delayAfter,
            Duration failureDelay) {
        this.name = name;
        this.vertx = vertx;
        this.step = step;
        this.delayAfter = delayAfter;
        this.failureDelay = failureDelay;
    }

    /**
     * The wait of a durable timer's loop until its next due time: at most {@code longest} (also with nothing due,
     * {@code next} null), at least a millisecond when it is due already.
     */
    public static Duration until(Instant next, Duration longest) {
        if (next == null) {
            return longest;
        }
        Duration until = Duration.between(Instant.now(), next);
        if (until.isNegative() || until.isZero()) {
            return Duration.ofMillis(1);
        }
        return until.compareTo(longest) < 0 ? until : longest;
    }

    /**
     * {@link #until} the earliest due time that {@code query} answers in its one row's column {@code next} (null when
     * nothing is due), read on the step's connection.
     */
    public static Uni<Duration> untilEarliest(SqlConnection connection, String query, Duration longest) {
        return connection.query(query).execute().map(rows -> {
            OffsetDateTime next = rows.iterator().next().getOffsetDateTime("next");
            return until(next == null ? null : next.toInstant(), longest);
        });
    }

    /** Starts the loop; the first step runs at once. */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        root = vertx.getOrCreateContext();
        runSoon();
    }

    /** Stops the loop after the step in flight, if any. */
    public void stop() {
        running = false;
        long id = timer.getAndSet(NO_TIMER);
        if (id != NO_TIMER) {
            vertx.cancelTimer(id);
        }
    }

    /**
     * Asks for a run now: a waiting loop runs at once; a running step is followed by another
     * run without waiting. Safe from any thread.
     */
    public void wakeUp() {
        wakeRequested.set(true);
        // Whoever takes the timer's id out (its own handler, a wake-up) is the one that runs.
        long id = timer.getAndSet(NO_TIMER);
        if (id != NO_TIMER) {
            vertx.cancelTimer(id);
            runSoon();
        }
    }

    private void runStep() {
        if (!running) {
            return;
        }
        wakeRequested.set(false);
        Uni.createFrom().<T>deferred(step::get).subscribe().with(
                result -> schedule(delayAfter.apply(result)),
                failure -> {
                    LOG.warnf(failure, "%s failed; retrying in %s", name, failureDelay);
                    schedule(failureDelay);
                });
    }

    private void schedule(Duration delay) {
        if (!running) {
            return;
        }
        if (delay.isZero() || wakeRequested.get()) {
            runSoon();
            return;
        }
        long[] self = new long[1];
        self[0] = vertx.setTimer(Math.max(1, delay.toMillis()), id -> {
            if (timer.compareAndSet(self[0], NO_TIMER)) {
                runSoon();
            }
        });
        timer.set(self[0]);
        // A wake-up that came between the check above and now found no timer to cancel.
        if (wakeRequested.get() && timer.compareAndSet(self[0], NO_TIMER)) {
            vertx.cancelTimer(self[0]);
            runSoon();
        }
    }

    private void runSoon() {
        IsolatedWork.fresh(root).runOnContext(v -> runStep());
    }
}
