package io.hearth.deployment.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;

/**
 * A value kept for as long as the caller's transaction (the session's current one): what a step of the engine carries
 * from one part of its transaction to a later one without a parameter through every call between (the nested
 * stacks' ends a run of signals applies itself, {@code StackEvents.holdSettled}). Forgotten with the transaction.
 */
public final class TransactionLocal<T> {

    private final TransactionUnits<Holder<T>> holders;

    /** {@code what} names the value, for the error of a value set outside a transaction. */
    public TransactionLocal(String what) {
        this.holders = new TransactionUnits<>(session -> new Holder<>(), what);
    }

    /** The value of the caller's transaction; null when none is set (or there is no transaction). */
    public Uni<T> get() {
        return Panache.getSession().map(session -> {
            Holder<T> holder = holders.current(session);
            return holder == null ? null : holder.value;
        });
    }

    /** Sets the value of the caller's transaction; null clears it. */
    public Uni<Void> set(T value) {
        return Panache.getSession().invoke(session -> holders.of(session).value = value).replaceWithVoid();
    }

    private static final class Holder<T> {
        T value;
    }
}
