package io.hearth.platform.outbox;

import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import java.time.Duration;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Runs a reactive step again and again, waiting between runs as the step's result says,
 * until stopped. Each run gets a fresh, safe duplicated Vert.x context, as a request does:
 * Hibernate Reactive keeps its session in the context, so nothing of one run (or of another
 * loop) can leak into the next. A failed step is logged and retried after the failure delay;
 * it never ends the loop.
 */
public final class ContextLoop<T> {

    private static final Logger LOG = Logger.getLogger(ContextLoop.class);

    private final String name;
    private final Vertx vertx;
    private final Supplier<Uni<T>> step;
    private final Function<T, Duration> delayAfter;
    private final Duration failureDelay;
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

    /** Starts the loop; the first step runs at once. */
    public synchronized void start() {
        if (running) {
            return;
        }
        running = true;
        root = vertx.getOrCreateContext();
        stepContext().runOnContext(v -> runStep());
    }

    /** Stops the loop after the step in flight, if any. */
    public void stop() {
        running = false;
    }

    private void runStep() {
        if (!running) {
            return;
        }
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
        if (delay.isZero()) {
            stepContext().runOnContext(v -> runStep());
        } else {
            vertx.setTimer(Math.max(1, delay.toMillis()), id -> stepContext().runOnContext(v -> runStep()));
        }
    }

    private Context stepContext() {
        Context context = VertxContext.createNewDuplicatedContext(root);
        VertxContextSafetyToggle.setContextSafe(context, true);
        return context;
    }
}
