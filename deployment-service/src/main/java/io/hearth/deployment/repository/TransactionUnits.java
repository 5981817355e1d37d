package io.hearth.deployment.repository;

import io.hearth.platform.sql.SessionConnections;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Function;
import org.hibernate.reactive.engine.ReactiveAfterTransactionCompletionProcess;
import org.hibernate.reactive.engine.ReactiveBeforeTransactionCompletionProcess;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * A repository's units of work, one per transaction of a session: made on first use and registered with the
 * transaction's completion (a unit that is a before-completion process writes itself before the commit, an
 * after-completion one learns how the transaction ended). Forgotten with their transaction.
 */
final class TransactionUnits<U> {

    private final Map<Mutiny.Transaction, U> units = Collections.synchronizedMap(new WeakHashMap<>());
    private final Function<Mutiny.Session, U> factory;
    private final String changed;

    /** {@code changed} names what the units hold, for the error of a change outside a transaction. */
    TransactionUnits(Function<Mutiny.Session, U> factory, String changed) {
        this.factory = factory;
        this.changed = changed;
    }

    /** The unit of the session's transaction, or null when it has none (or no transaction). */
    U current(Mutiny.Session session) {
        Mutiny.Transaction transaction = session.currentTransaction();
        return transaction == null ? null : units.get(transaction);
    }

    /** The unit of the session's transaction, made when it has none yet. */
    U of(Mutiny.Session session) {
        Mutiny.Transaction transaction = session.currentTransaction();
        if (transaction == null) {
            throw new IllegalStateException(changed + " is changed inside a transaction only");
        }
        return units.computeIfAbsent(transaction, t -> {
            U unit = factory.apply(session);
            if (unit instanceof ReactiveBeforeTransactionCompletionProcess before) {
                SessionConnections.reactive(session).getReactiveActionQueue().registerProcess(before);
            }
            if (unit instanceof ReactiveAfterTransactionCompletionProcess after) {
                SessionConnections.reactive(session).getReactiveActionQueue().registerProcess(after);
            }
            return unit;
        });
    }
}
