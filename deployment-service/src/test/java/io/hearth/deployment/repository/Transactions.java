package io.hearth.deployment.repository;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;
import java.util.function.Supplier;

/** The repository tests' transactions: the work in one, on a Vert.x context, awaited. */
final class Transactions {

    private Transactions() {
    }

    /** Runs {@code work} in a transaction of its own and answers its item; its failure fails the caller. */
    static <T> T inTransaction(Supplier<Uni<T>> work) {
        try {
            return VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(work));
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
