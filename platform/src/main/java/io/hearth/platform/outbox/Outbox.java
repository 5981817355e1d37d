package io.hearth.platform.outbox;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.EventCatalog;
import io.hearth.platform.config.EventingConfig;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Collections;
import java.util.Map;
import java.util.UUID;
import java.util.WeakHashMap;
import org.hibernate.FlushMode;
import org.hibernate.reactive.mutiny.Mutiny;

/**
 * Writes events to the outbox table. Call it inside the transaction that makes the change
 * ({@code @WithTransaction} on the service method): both rows commit or neither does.
 */
@ApplicationScoped
public class Outbox {

    /** The {@code type} of a tombstone's outbox row (it has no event, hence no CloudEvents type). */
    public static final String TOMBSTONE = "tombstone";

    /** Transactions that have notified the relay already; forgotten with them. */
    private final Map<Mutiny.Transaction, Boolean> notified = Collections.synchronizedMap(new WeakHashMap<>());

    private final EventingConfig config;
    private final OutboxNotifications notifications;

    public Outbox(EventingConfig config, OutboxNotifications notifications) {
        this.config = config;
        this.notifications = notifications;
    }

    /**
     * Appends a catalogued event; its topic comes from the catalog.
     *
     * @param aggregateType what the event is about, e.g. {@code stack}
     * @param key           the Kafka key (stack id, or server id for per-server topics)
     * @param subject       the CloudEvents subject (the stack id)
     * @param data          the event record
     * @return the envelope that will be published
     */
    public Uni<CloudEvent> append(String aggregateType, String key, String subject, Object data) {
        CloudEvent event = CloudEvent.of(config.source(), subject, data);
        return append(aggregateType, key, EventCatalog.byType(event.type()).topic(), event);
    }

    /** Appends an envelope for a topic of the caller's choice. */
    public Uni<CloudEvent> append(String aggregateType, String key, String topic, CloudEvent event) {
        return persist(row(aggregateType, key, topic, event)).replaceWith(event);
    }

    /** Appends a row built by {@link #row} (e.g. to check its size first). */
    public Uni<Void> append(OutboxEvent row) {
        return persist(row);
    }

    /**
     * The outbox row of a catalogued event, not yet written: for {@link OutboxWriter}, which writes
     * rows through a plain SQL connection.
     */
    public OutboxEvent row(String aggregateType, String key, String subject, Object data) {
        CloudEvent event = CloudEvent.of(config.source(), subject, data);
        return row(aggregateType, key, EventCatalog.byType(event.type()).topic(), event);
    }

    private static OutboxEvent row(String aggregateType, String key, String topic, CloudEvent event) {
        OutboxEvent row = new OutboxEvent();
        row.id = UUID.fromString(event.id());
        row.aggregatetype = aggregateType;
        row.aggregateid = key;
        row.type = event.type();
        row.topic = topic;
        row.payload = event.toJson();
        row.timestamp = event.time();
        return row;
    }

    /**
     * Appends a tombstone: a record with {@code key} and a null value, which tells a compacted topic to
     * forget the key (Kafka removes the key's earlier records when it compacts). It carries no envelope
     * and so no event id; consumers of such a topic read a null value as "the key is gone". Its row
     * keeps its place in the outbox's order, so it follows the key's earlier events.
     *
     * @param aggregateType what the key is about, e.g. {@code server}
     * @param key           the Kafka key whose value is gone
     * @param topic         a compacted topic
     */
    public Uni<Void> appendTombstone(String aggregateType, String key, String topic) {
        OutboxEvent row = new OutboxEvent();
        row.id = UUID.randomUUID();
        row.aggregatetype = aggregateType;
        row.aggregateid = key;
        row.type = TOMBSTONE;
        row.topic = topic;
        row.payload = null;
        row.timestamp = Instant.now();
        return persist(row);
    }

    /** Writes the row and the notification that wakes the relay at commit. */
    private Uni<Void> persist(OutboxEvent row) {
        return row.persist()
                .chain(() -> Panache.getSession())
                .chain(this::notifyRelay)
                .replaceWithVoid();
    }

    /**
     * Wakes the relay when the transaction commits, once per transaction (PostgreSQL delivers
     * notifications at commit; one is enough, and an engine step may append dozens of events). The
     * NOTIFY reads no table, so it must not make Hibernate flush (dirty-check every entity of the
     * session, e.g. a whole stack's rows) first, as it does before any native query.
     */
    private Uni<Void> notifyRelay(Mutiny.Session session) {
        Mutiny.Transaction transaction = session.currentTransaction();
        if (transaction != null && notified.put(transaction, Boolean.TRUE) != null) {
            return Uni.createFrom().voidItem();
        }
        FlushMode mode = session.getFlushMode();
        return Uni.createFrom().deferred(() -> {
            session.setFlushMode(FlushMode.MANUAL);
            return session.createNativeQuery(notifications.notifySql()).executeUpdate();
        }).eventually(() -> session.setFlushMode(mode)).replaceWithVoid();
    }
}
