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
import java.nio.charset.StandardCharsets;
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
import org.jboss.logging.Logger;

/**
 * Publishes the outbox to Kafka as soon as outbox rows commit (woken by
 * {@link OutboxNotifications}, with polling as a fallback). Each batch is one transaction in plain
 * SQL: one statement claims unpublished rows with {@code FOR UPDATE SKIP LOCKED} (so replicas share
 * the work), by key (a row only with its key's advisory lock, so two replicas never send rows of one key
 * at the same time and per-key order holds), and marks them published; the relay sends them with their key,
 * waits for the broker's
 * answer to every one, and only then commits. A crash at any point before the commit rolls
 * the mark back and the rows are sent again: delivery is at least
 * once, and consumers deduplicate on the event id. A row without a payload is sent as a
 * tombstone: its key with a null value. A row the broker refuses for good (too large for its topic)
 * is moved to {@code outbox_dead_letter} in the same transaction, and a row that failed otherwise
 * stays for the next attempt; the acknowledged rows commit either way ({@link RelayOutcome}).
 */
@ApplicationScoped
public class OutboxRelay {

    /** The channel the relay sends on; its connector settings come from configuration. */
    public static final String CHANNEL = "hearth-outbox";

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);

    /**
     * The first key of the relays' PostgreSQL advisory locks, one per (topic, Kafka key) hashed into the second
     * (two-key form, apart from single-key locks such as Flyway's): a relay transaction holds the lock of every
     * key it claimed until it commits. Hash collisions only make two keys wait for each other.
     */
    static final int KEY_LOCK = 0x68727479;

    private final Emitter<String> emitter;
    private final EventingConfig.Relay config;
    private final Counter published;
    private final MeterRegistry registry;
    private final RelayOutcomeWriter outcomes;
    private final ContextLoop<RelayOutcome> relayLoop;
    private final ContextLoop<Integer> cleanupLoop;
    private final OutboxNotifications notifications;
    private final Vertx vertx;
    private final Pool pool;
    private final String claim;

    public OutboxRelay(@Channel(CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192)
            Emitter<String> emitter, EventingConfig config, Vertx vertx, MeterRegistry registry,
            OutboxNotifications notifications, Pool pool, RelayOutcomeWriter outcomes,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.emitter = emitter;
        this.pool = pool;
        this.claim = claimStatement(schema, config.relay().retention().isZero());
        this.notifications = notifications;
        this.vertx = vertx;
        this.config = config.relay();
        this.outcomes = outcomes;
        this.registry = registry;
        this.published = Counter.builder("hearth.outbox.published")
                .description("Outbox events acknowledged by Kafka").register(registry);
        this.relayLoop = new ContextLoop<>("outbox relay", vertx, () -> drain(batch -> Uni.createFrom().voidItem()),
                // Again at once after any batch: rows written meanwhile may have been skipped by another replica's
                // relay because their key was held by this one, and their notification has been spent.
                outcome -> outcome.claimed() > 0 ? Duration.ZERO : idleWait(),
                this.config.failureBackoff());
        this.cleanupLoop = new ContextLoop<>("outbox cleanup", vertx, this::deletePublished,
                count -> Duration.ofMinutes(1), Duration.ofMinutes(1));
    }

    /**
     * The statement that claims a batch ({@code $1} rows) and marks it published ({@code $2}, the time) or, with
     * {@code delete} (no retention), deletes it, returning the rows. It commits only after the broker answered
     * every record (RelayOutcomeWriter puts back what it did not acknowledge), and a failure before that rolls
     * it back with the claim. Claimed by key: a row is taken only with its key's lock (KEY_LOCK), which the first
     * row of the key in the scan takes and the transaction holds, so no other relay claims a later row of a key
     * whose earlier rows this one is still sending.
     *
     * <p>The claim names its rows by {@code ctid}, computed once ({@code = any(array(...))}), and the write finds
     * them by a TID scan: its cost is the batch's whatever the table's statistics say. The statistics are usually
     * those of an empty queue (autovacuum runs between bursts), and with {@code id in (select ...)} the planner
     * then joined the claim to a scan of the whole table, so that each claim's cost grew with the backlog, or with
     * its square (1.3 s a claim with 27,000 rows queued by the delete of a bench's stacks). A locked row's ctid
     * cannot change before the write: no other transaction can update it, and this one does not before.
     */
    static String claimStatement(String schema, boolean delete) {
        String claimed = " where ctid = any(array(select ctid from " + schema + ".outbox_event"
                + " where published_at is null and pg_try_advisory_xact_lock(" + KEY_LOCK + ", hashtext(topic || '/' || aggregateid))"
                + " order by seq limit $1 for update skip locked)) returning seq, id, aggregatetype, aggregateid,"
                + " type, topic, payload, timestamp";
        return delete ? "delete from " + schema + ".outbox_event" + claimed
                : "update " + schema + ".outbox_event set published_at = $2" + claimed;
    }

    /**
     * The wait after an empty batch: long while the listener is up (every commit of outbox rows and every
     * resubscription wakes the relay), the poll interval while it is not.
     */
    private Duration idleWait() {
        return notifications.listening() ? config.listeningPollInterval() : config.pollInterval();
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

    /** Publishes one batch; the number of events published (see {@link #drainOnce(Function)}). */
    public Uni<Integer> drainOnce() {
        return drainOnce(batch -> Uni.createFrom().voidItem());
    }

    /**
     * Publishes one batch, calling {@code afterAck} between the broker's answers and the commit that marks
     * the rows published; a failure there rolls the batch back as a crash would. Answers the number of events
     * published; fails, after the commit, when rows were held back for another attempt.
     */
    Uni<Integer> drainOnce(Function<List<OutboxEvent>, Uni<Void>> afterAck) {
        return drain(afterAck).map(outcome -> outcome.published().size());
    }

    private Uni<RelayOutcome> drain(Function<List<OutboxEvent>, Uni<Void>> afterAck) {
        // Plain SQL on the reactive pool: a batch needs no entities, and the relay runs after every commit.
        return pool.withTransaction(connection -> claim(connection).chain(batch -> batch.isEmpty()
                ? Uni.createFrom().item(RelayOutcome.NONE)
                : send(batch)
                        .map(failures -> RelayOutcome.of(batch, failures))
                        .call(() -> afterAck.apply(batch))
                        .call(outcome -> outcomes.write(connection, outcome))))
                .invoke(this::report);
    }

    /** Counts and logs a committed batch; a batch with held-back rows fails, so the loop backs off. */
    private void report(RelayOutcome outcome) {
        published.increment(outcome.published().size());
        for (RelayOutcome.DeadLetter dead : outcome.deadLettered()) {
            OutboxEvent row = dead.row();
            Counter.builder("hearth.outbox.dead.lettered").tag("topic", row.topic)
                    .description("Outbox events Kafka refused for good, moved to outbox_dead_letter")
                    .register(registry).increment();
            LOG.errorf("outbox event %s (%s) to topic %s with key %s, %d bytes, refused by Kafka and moved to"
                    + " outbox_dead_letter: %s", row.id, row.type, row.topic, row.aggregateid,
                    row.payload == null ? 0 : row.payload.getBytes(StandardCharsets.UTF_8).length, dead.reason());
        }
        if (!outcome.heldBack().isEmpty()) {
            throw new IllegalStateException(outcome.heldBack().size() + " outbox events held back for another"
                    + " attempt (" + outcome.published().size() + " published)", outcome.retryCause());
        }
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
                event.seq = row.getLong("seq");
                event.id = row.getUUID("id");
                event.aggregatetype = row.getString("aggregatetype");
                event.aggregateid = row.getString("aggregateid");
                event.type = row.getString("type");
                event.topic = row.getString("topic");
                event.payload = row.getString("payload");
                event.timestamp = row.getOffsetDateTime("timestamp").toInstant();
                batch.add(event);
            }
            return batch;
        });
    }

    /** Sends the batch in its order; per row, what the producer failed it with, or null once acknowledged. */
    private Uni<List<Throwable>> send(List<OutboxEvent> batch) {
        Context context = Vertx.currentContext();
        List<CompletableFuture<Throwable>> answers = new ArrayList<>(batch.size());
        for (OutboxEvent row : batch) {
            CompletableFuture<Throwable> answer = new CompletableFuture<>();
            answers.add(answer);
            // A tombstone's payload is null: the record goes out with a null value.
            emitter.send(Message.of(row.payload, Metadata.of(metadata(row)),
                    () -> {
                        answer.complete(null);
                        return CompletableFuture.completedFuture(null);
                    },
                    failure -> {
                        answer.complete(failure);
                        return CompletableFuture.completedFuture(null);
                    }));
        }
        return Uni.createFrom().completionStage(CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)))
                .emitOn(task -> context.runOnContext(v -> task.run()))
                .map(done -> answers.stream().map(CompletableFuture::join).toList());
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
