package io.hearth.platform.messaging;

import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * A unit of work on a Vert.x context of its own. Hibernate Reactive (through Panache) keeps its session in the
 * current context, so two units of work that share a context share a session and its transaction: their statements
 * interleave and one may wait forever for the other's commit. Each consumer transaction and each loop step therefore
 * runs on a new safe duplicated context of the event loop it was called on, whatever context the caller had.
 */
public final class IsolatedWork {

    private static final Logger LOG = Logger.getLogger(IsolatedWork.class);

    /** Units of work under way per calling context: two at once on one context is what isolation prevents. */
    private static final Map<Context, Integer> CALLERS = new ConcurrentHashMap<>();

    private IsolatedWork() {
    }

    /** A new duplicated context of {@code context}'s event loop, flagged safe for Hibernate Reactive's session. */
    public static Context fresh(Context context) {
        Context fresh = VertxContext.createNewDuplicatedContext(context);
        VertxContextSafetyToggle.setContextSafe(fresh, true);
        return fresh;
    }

    /**
     * Runs {@code work} on a fresh context of the current one (as is, off Vert.x), a new one for each subscription
     * (a retry gets a new session too); its result arrives on that context. Says so in the log when the calling
     * context is in use by another unit of work already.
     *
     * @param what names the work in that log line
     */
    public static <T> Uni<T> run(String what, Supplier<Uni<? extends T>> work) {
        Context caller = Vertx.currentContext();
        if (caller == null) {
            return Uni.createFrom().<T>deferred(work::get);
        }
        return Uni.createFrom().<T>deferred(() -> {
            if (CALLERS.merge(caller, 1, Integer::sum) > 1) {
                LOG.warnf("%s starts on a Vert.x context (%s) that another unit of work is still using; it runs on a"
                        + " context of its own", what, caller);
            }
            Context context = fresh(caller);
            return Uni.createFrom().<T>emitter(emitter -> context.runOnContext(v -> Uni.createFrom()
                    .<T>deferred(work::get).subscribe().with(emitter::complete, emitter::fail)))
                    .eventually(() -> CALLERS.computeIfPresent(caller, (c, n) -> n == 1 ? null : n - 1));
        });
    }
}
