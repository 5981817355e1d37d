package io.hearth.platform.messaging;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.hibernate.FlushMode;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * Lets one Hibernate Reactive flush run at a time in the process; the others wait their turn, each resumed on its own
 * Vert.x context.
 *
 * <p>Why: Hibernate Reactive 3.4 deletes an entity through one delete coordinator per entity type, shared by every
 * session, which keeps the delete in progress in a field (hibernate-reactive issue 1713, open). When two sessions
 * delete rows of one type at the same time, the first answer completes the second session's delete and the first
 * session's flush waits forever: deployment-service's consumer step hung right after a {@code delete} statement,
 * with its transaction idle, when two stacks were deleted side by side. Deletes run only in flushes, so flushes that
 * take turns cannot interleave them. Each consumer step writes its changes through here before it commits
 * ({@link EventProcessor}), as does every explicit flush of the services.
 */
public final class FlushGate {

    private static final Queue<Runnable> WAITING = new ConcurrentLinkedQueue<>();
    private static final AtomicBoolean BUSY = new AtomicBoolean();

    private FlushGate() {
    }

    /** Flushes {@code session} when no other flush runs. */
    public static Uni<Void> flush(Mutiny.Session session) {
        return run(session::flush);
    }

    /**
     * Flushes the current session in its turn as a transaction's last step, then leaves nothing for the commit to
     * flush ({@code FlushMode.MANUAL}): the commit would otherwise check every entity of the session again, outside
     * the gate.
     */
    public static Uni<Void> flushBeforeCommit() {
        return Panache.getSession().chain(session -> flush(session)
                .invoke(() -> session.setFlushMode(FlushMode.MANUAL)));
    }

    /**
     * Runs {@code work} (a flush, or a flush and what must follow it at once) when no other gated work runs; the
     * turn ends when its Uni ends, fails or is cancelled.
     */
    private static <T> Uni<T> run(Supplier<Uni<T>> work) {
        return Uni.createFrom().emitter(emitter -> {
            Context context = Vertx.currentContext();
            AtomicBoolean ended = new AtomicBoolean();
            emitter.onTermination(() -> ended.set(true));
            WAITING.add(() -> {
                if (ended.get()) { // given up while it waited (a consumer step past its timeout)
                    release();
                    return;
                }
                Runnable start = () -> Uni.createFrom().<T>deferred(work::get)
                        .onTermination().invoke(FlushGate::release)
                        .subscribe().with(emitter::complete, emitter::fail);
                if (context == null) {
                    start.run();
                } else {
                    context.runOnContext(v -> start.run());
                }
            });
            next();
        });
    }

    private static void release() {
        BUSY.set(false);
        next();
    }

    private static void next() {
        while (!WAITING.isEmpty() && BUSY.compareAndSet(false, true)) {
            Runnable turn = WAITING.poll();
            if (turn != null) {
                turn.run();
                return;
            }
            BUSY.set(false);
        }
    }
}
