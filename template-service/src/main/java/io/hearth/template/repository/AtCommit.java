package io.hearth.template.repository;

import io.hearth.platform.sql.SessionConnections;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import java.util.concurrent.CompletableFuture;
import org.hibernate.reactive.engine.ReactiveBeforeTransactionCompletionProcess;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * A multi-row statement run just before the current transaction commits, after its last flush (so the rows Hibernate
 * writes, a stack made in the same step, are there), on the session's connection; a transaction that rolls back runs
 * none.
 */
final class AtCommit {

    private AtCommit() {
    }

    /** Runs {@code sql} with {@code parameters} (one array per column) at the commit of the current transaction. */
    static Uni<Void> run(String sql, Object[] parameters) {
        return Panache.getSession().invoke(session -> {
            Mutiny.Transaction transaction = session.currentTransaction();
            if (transaction == null) {
                throw new IllegalStateException("a statement for the commit needs a transaction");
            }
            ReactiveBeforeTransactionCompletionProcess write = reactive -> session.currentTransaction() != transaction
                    || transaction.isMarkedForRollback() ? CompletableFuture.completedFuture(null)
                    : reactive.getReactiveConnection().update(sql, parameters).thenApply(count -> null);
            SessionConnections.reactive(session).getReactiveActionQueue().registerProcess(write);
        }).replaceWithVoid();
    }
}
