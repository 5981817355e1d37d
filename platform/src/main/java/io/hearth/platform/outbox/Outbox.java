package io.hearth.platform.outbox;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.EventCatalog;
import io.hearth.platform.config.EventingConfig;
import io.hearth.platform.sql.SessionConnections;
import io.hearth.platform.tracing.EventTracing;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.WeakHashMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.hibernate.reactive.engine.ReactiveBeforeTransactionCompletionProcess;
import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.session.ReactiveSession;

/**
 * Writes events to the outbox table. Call it inside the transaction that makes the change
 * ({@code @WithTransaction} on the service method): both rows commit or neither does.
 */
@ApplicationScoped
public class Outbox {

    /** The {@code type} of a tombstone's outbox row (it has no event, hence no CloudEvents type). */
    public static final String TOMBSTONE = "tombstone";

    /** The rows of each open transaction, not written yet; forgotten with the transaction (a rollback). */
    private final Map<Mutiny.Transaction, PendingRows> pending = Collections.synchronizedMap(new WeakHashMap<>());

    private final EventingConfig config;
    private final OutboxWriter writer;

    public Outbox(EventingConfig config, OutboxWriter writer) {
        this.config = config;
        this.writer = writer;
    }

    /**
     * Appends a catalogued event; its topic comes from the catalog.
     *
     * @param aggregateType what the event is about, e.g. {@code stack}
     * @param key           the Kafka key (stack id, or server id for per-server topics)
     * @param subject       the CloudEvents subject (the stack id)
     * @param data          the event record
     * @return the envelope that will be published (its data the record, {@link CloudEvent#written})
     */
    public Uni<CloudEvent> append(String aggregateType, String key, String subject, Object data) {
        CloudEvent event = CloudEvent.written(config.source(), subject, data);
        return append(aggregateType, key, EventCatalog.byType(event.type()).topic(), event);
    }

    /**
     * Appends an envelope for a topic of the caller's choice. An envelope without a {@code traceparent} gets the
     * current trace context's ({@link EventTracing}), so that the consumers continue the trace.
     */
    public Uni<CloudEvent> append(String aggregateType, String key, String topic, CloudEvent event) {
        CloudEvent traced = EventTracing.stamped(event);
        return persist(row(aggregateType, key, topic, traced)).replaceWith(traced);
    }

    /** Appends a row built by {@link #row} (e.g. to check its size first). */
    public Uni<Void> append(OutboxEvent row) {
        return persist(row);
    }

    /**
     * The outbox row of a catalogued event, not yet written: for write paths that do without Hibernate, which
     * write their rows with {@link OutboxWriter} on a plain SQL connection.
     */
    public OutboxEvent row(String aggregateType, String key, String subject, Object data) {
        CloudEvent event = EventTracing.stamped(CloudEvent.written(config.source(), subject, data));
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

    /**
     * Adds the row to its transaction's, which {@link OutboxWriter} writes in one statement, with the notification
     * that wakes the relay, just before the transaction commits (after its last flush): an engine step appends
     * dozens of events, and as entities each cost a persist, dirty checks at every flush and a statement. Outside a
     * transaction the row is written at once.
     */
    private Uni<Void> persist(OutboxEvent row) {
        return Panache.getSession().chain(session -> {
            Mutiny.Transaction transaction = session.currentTransaction();
            ReactiveSession reactive = SessionConnections.reactive(session);
            if (transaction == null) {
                return Uni.createFrom().completionStage(() -> writer.write(reactive.getReactiveConnection(),
                        List.of(row)));
            }
            pending.computeIfAbsent(transaction, t -> {
                PendingRows rows = new PendingRows(session);
                reactive.getReactiveActionQueue().registerProcess(rows);
                return rows;
            }).rows.add(row);
            return Uni.createFrom().voidItem();
        });
    }

    /**
     * A transaction's rows, written before it commits (a process of the session's action queue). A transaction that
     * rolled back leaves its process registered in the session: the session's next commit runs it, and it writes
     * nothing then. It holds no reference to its transaction, so the map's entry, whose key is weak, goes with the
     * transaction.
     */
    private final class PendingRows implements ReactiveBeforeTransactionCompletionProcess {

        private final Mutiny.Session session;
        private final List<OutboxEvent> rows = new ArrayList<>();

        PendingRows(Mutiny.Session session) {
            this.session = session;
        }

        @Override
        public CompletionStage<Void> doBeforeTransactionCompletion(ReactiveSession reactive) {
            Mutiny.Transaction transaction = session.currentTransaction();
            if (transaction == null || pending.remove(transaction) != this || transaction.isMarkedForRollback()) {
                return CompletableFuture.completedFuture(null);
            }
            return writer.write(reactive.getReactiveConnection(), rows);
        }
    }
}
