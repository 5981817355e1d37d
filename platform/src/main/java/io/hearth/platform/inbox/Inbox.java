package io.hearth.platform.inbox;

import io.hearth.platform.config.EventingConfig;
import io.hearth.platform.outbox.ContextLoop;
import io.hearth.platform.sql.SessionConnections;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The idempotent consumer's memory: which event ids each consumer group already applied.
 * The check is an insert into {@code processed_event} in the same transaction as the effect,
 * so an effect and its record commit together or not at all.
 */
@ApplicationScoped
public class Inbox {

    /**
     * Records a batch's event ids, returning those recorded for the first time; {@code %s} is where the idle bound
     * joins in ({@link #BOUND}, or nothing).
     */
    private static final String RECORD_ALL = "insert into %s.processed_event"
            + " (consumer_group, event_id, processed_at)"
            + " select $1, id, now() from unnest(cast($2 as text[])) as ids(id)%s"
            + " on conflict do nothing returning event_id";

    /**
     * Bounds how long the transaction may sit idle from then on
     * ({@link EventingConfig.Consumer#transactionIdleTimeout}): a consumer step records its events first, so the
     * bound costs no statement of its own.
     */
    private static final String BOUND = ", (select set_config('idle_in_transaction_session_timeout',"
            + " cast($3 as text), true)) as bound";
    private static final String FORGET = "delete from {h-schema}processed_event where processed_at < :cutoff";

    private final EventingConfig.Consumer config;
    private final ContextLoop<Integer> cleanupLoop;
    /** The idle bound's value ({@code 30000ms}), null when the server's setting stands. */
    private final String idle;
    private final String recordAll;

    public Inbox(EventingConfig config, Vertx vertx,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.config = config.consumer();
        long idleMillis = this.config.transactionIdleTimeout().toMillis();
        this.idle = idleMillis > 0 ? idleMillis + "ms" : null;
        this.recordAll = RECORD_ALL.formatted(schema, idle != null ? BOUND : "");
        this.cleanupLoop = new ContextLoop<>("inbox cleanup", vertx, this::forgetOld,
                count -> Duration.ofMinutes(10), Duration.ofMinutes(10));
    }

    void onStart(@Observes StartupEvent event) {
        cleanupLoop.start();
    }

    void onStop(@Observes ShutdownEvent event) {
        cleanupLoop.stop();
    }

    /**
     * Records that {@code group} processes {@code eventId}; must run inside the transaction of
     * the effect.
     *
     * @return true the first time, false when the event was already processed
     */
    public Uni<Boolean> firstDelivery(String group, String eventId) {
        return firstDeliveries(group, List.of(eventId)).map(first -> !first.isEmpty());
    }

    /**
     * Records that {@code group} processes each of {@code eventIds}, in one statement; must run inside the
     * transaction of the effect, as its first statement: from then on PostgreSQL ends the transaction when it sits
     * idle longer than {@link EventingConfig.Consumer#transactionIdleTimeout} (seen in CI: deployment-service's step
     * stopped after a statement and its transaction stayed open, holding the stack's row lock, until the liveness
     * watchdog restarted the service; now the transaction ends, which frees its locks and fails the step, so the
     * batch is retried one by one instead). An id another transaction is recording waits for it and counts as
     * processed when it commits.
     *
     * The statement runs on the session's connection, without Hibernate: as a native query, Hibernate's query plan
     * cache compared each one with every cached plan of the same SQL (14 % of the notifier's samples in a profile).
     *
     * @return the ids processed for the first time
     */
    public Uni<Set<String>> firstDeliveries(String group, Collection<String> eventIds) {
        if (eventIds.isEmpty()) {
            return Uni.createFrom().item(Set.of());
        }
        Object[] parameters = idle != null ? new Object[] {group, eventIds.toArray(String[]::new), idle}
                : new Object[] {group, eventIds.toArray(String[]::new)};
        return Panache.getSession().chain(session -> Uni.createFrom().completionStage(() -> SessionConnections
                .connection(session).select(recordAll, parameters))).map(result -> {
                    Set<String> first = new HashSet<>();
                    result.forEachRemaining(row -> first.add((String) row[0]));
                    return first;
                });
    }

    private Uni<Integer> forgetOld() {
        return Panache.withTransaction(() -> Panache.getSession().chain(session -> session.createNativeQuery(FORGET)
                .setParameter("cutoff", OffsetDateTime.now().minus(config.dedupeRetention()))
                .executeUpdate()));
    }
}
