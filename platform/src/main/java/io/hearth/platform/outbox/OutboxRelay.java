package io.hearth.platform.outbox;

import io.hearth.platform.config.EventingConfig;
import io.hearth.platform.sql.ColumnArrays;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/**
 * Publishes the outbox to Kafka as soon as outbox rows commit (woken by
 * {@link OutboxNotifications}, with polling as a fallback). Each batch is one transaction in plain
 * SQL: one statement claims unpublished rows with {@code FOR UPDATE SKIP LOCKED} (so replicas share
 * the work) and marks them published; the relay sends them with their key, waits for the broker's
 * acknowledgement of every one, and only then commits. A crash at any point before the commit rolls
 * the mark back and the rows are sent again: delivery is at least
 * once, and consumers deduplicate on the event id. A row without a payload is sent as a
 * tombstone: its key with a null value.
 */
@ApplicationScoped
public class OutboxRelay {

    /** The channel the relay sends on; its connector settings come from configuration. */
    public static final String CHANNEL = "hearth-outbox";

    private final Emitter<String> emitter;
    private final EventingConfig.Relay config;
    private final Counter published;
    private final ContextLoop<Integer> relayLoop;
    private final ContextLoop<Integer> cleanupLoop;
    private final OutboxNotifications notifications;
    private final Vertx vertx;
    private final Pool pool;
    private final String claim;

    public OutboxRelay(@Channel(CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192)
            Emitter<String> emitter, EventingConfig config, Vertx vertx, MeterRegistry registry,
            OutboxNotifications notifications, Pool pool,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.emitter = emitter;
        this.pool = pool;
        // Claims and marks (or deletes, without a retention) in one statement: it commits only after the broker
        // acknowledged the batch, and a failure before that rolls it back with the claim.
        String claimed = " where id in (select id from " + schema + ".outbox_event where published_at is null"
                + " order by seq limit $1 for update skip locked) returning seq, id, aggregateid, topic,"
                + " payload";
        this.claim = config.relay().retention().isZero()
                ? "delete from " + schema + ".outbox_event" + claimed
                : "update " + schema + ".outbox_event set published_at = $2" + claimed;
        this.notifications = notifications;
        this.vertx = vertx;
        this.config = config.relay();
        this.published = Counter.builder("hearth.outbox.published")
                .description("Outbox events acknowledged by Kafka").register(registry);
        this.relayLoop = new ContextLoop<>("outbox relay", vertx, this::drainOnce,
                count -> count >= this.config.batchSize() ? Duration.ZERO : this.config.pollInterval(),
                this.config.failureBackoff());
        this.cleanupLoop = new ContextLoop<>("outbox cleanup", vertx, this::deletePublished,
                count -> Duration.ofMinutes(1), Duration.ofMinutes(1));
    }

    void onStart(@Observes StartupEvent event) {
        if (config.enabled()) {
            relayLoop.start();
            cleanupLoop.start(); // with no retention, it removes what an earlier retention kept
            notifications.listen(vertx, relayLoop::wakeUp);
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        relayLoop.stop();
        cleanupLoop.stop();
    }

    /** Publishes one batch; the number of events published. */
    public Uni<Integer> drainOnce() {
        return drainOnce(batch -> Uni.createFrom().voidItem());
    }

    /**
     * Publishes one batch, calling {@code afterAck} between the broker's acknowledgement and the
     * commit that marks the rows published; a failure there rolls the batch back as a crash would.
     */
    Uni<Integer> drainOnce(Function<List<OutboxEvent>, Uni<Void>> afterAck) {
        // Plain SQL on the reactive pool: a batch needs no entities, and the relay runs after every commit.
        return pool.withTransaction(connection -> claim(connection).chain(batch -> batch.isEmpty()
                ? Uni.createFrom().item(0)
                : send(batch)
                        .chain(() -> afterAck.apply(batch))
                        .invoke(() -> published.increment(batch.size()))
                        .replaceWith(batch.size())));
    }

    private Uni<List<OutboxEvent>> claim(SqlConnection connection) {
        Tuple parameters = config.retention().isZero() ? Tuple.of(config.batchSize())
                : Tuple.of(config.batchSize(), ColumnArrays.time(Instant.now()));
        return connection.preparedQuery(claim).execute(parameters).map(rows -> {
            List<Row> claimed = new ArrayList<>(rows.size());
            rows.forEach(claimed::add);
            claimed.sort(Comparator.comparingLong(row -> row.getLong("seq"))); // RETURNING has no order of its own
            List<OutboxEvent> batch = new ArrayList<>(claimed.size());
            for (Row row : claimed) {
                OutboxEvent event = new OutboxEvent();
                event.id = row.getUUID("id");
                event.aggregateid = row.getString("aggregateid");
                event.topic = row.getString("topic");
                event.payload = row.getString("payload");
                batch.add(event);
            }
            return batch;
        });
    }

    private Uni<Void> send(List<OutboxEvent> batch) {
        Context context = Vertx.currentContext();
        List<CompletableFuture<Void>> acks = new ArrayList<>(batch.size());
        for (OutboxEvent row : batch) {
            CompletableFuture<Void> ack = new CompletableFuture<>();
            acks.add(ack);
            // A tombstone's payload is null: the record goes out with a null value.
            emitter.send(Message.of(row.payload, Metadata.of(metadata(row)),
                    () -> {
                        ack.complete(null);
                        return CompletableFuture.completedFuture(null);
                    },
                    failure -> {
                        ack.completeExceptionally(failure);
                        return CompletableFuture.completedFuture(null);
                    }));
        }
        return Uni.createFrom().completionStage(CompletableFuture.allOf(acks.toArray(CompletableFuture[]::new)))
                .emitOn(task -> context.runOnContext(v -> task.run()))
                .replaceWithVoid();
    }

    // No content-type header on purpose: SmallRye's connector would decode a record marked
    // application/cloudevents+json itself, and consumers read the envelope with CloudEvent.parse.
    private static OutgoingKafkaRecordMetadata<String> metadata(OutboxEvent row) {
        return OutgoingKafkaRecordMetadata.<String>builder()
                .withTopic(row.topic)
                .withKey(row.aggregateid)
                .build();
    }

    private Uni<Integer> deletePublished() {
        return Panache.withTransaction(() -> OutboxEvent.delete("publishedAt < ?1",
                Instant.now().minus(config.retention()))).map(Long::intValue);
    }
}
