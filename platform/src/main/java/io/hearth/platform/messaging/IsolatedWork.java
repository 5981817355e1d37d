package io.hearth.platform.messaging;

import io.quarkus.vertx.core.runtime.context.VertxContextSafetyToggle;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.function.Supplier;

/**
 * A unit of work on a Vert.x context of its own. Hibernate Reactive (through Panache) keeps its session in the
 * current context, and a step that is given up (a consumer step past its timeout) leaves its session there, open:
 * work that came after it on the same context, a retry of it above all, would take that session up again. So each
 * consumer step, each retry of it and each loop step runs on a new safe duplicated context of the event loop it was
 * called on.
 */
public final class IsolatedWork {

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
     * (a retry gets a new session too); its result arrives on that context.
     */
    public static <T> Uni<T> run(Supplier<Uni<? extends T>> work) {
        Context caller = Vertx.currentContext();
        if (caller == null) {
            return Uni.createFrom().<T>deferred(work::get);
        }
        return Uni.createFrom().<T>emitter(emitter -> fresh(caller).runOnContext(v -> Uni.createFrom()
                .<T>deferred(work::get).subscribe().with(emitter::complete, emitter::fail)));
    }
}
