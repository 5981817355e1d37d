package io.hearth.platform.outbox;

import io.hearth.platform.config.EventingConfig;
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
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
 * SQL: {@link OutboxClaim} claims unpublished rows with {@code FOR UPDATE SKIP LOCKED} (so replicas share
 * the work), by key (a row only with its key's advisory lock and only when no earlier row of its key is left
 * unpublished, so two replicas never send rows of one key at the same time and per-key order holds), and marks
 * them published; the relay sends them with their key, waits for the broker's answer to every one, and only then
 * commits. A crash at any point before the commit rolls the mark back and the rows are sent again: delivery is at
 * least once, and consumers deduplicate on the event id. A row without a payload is sent as a tombstone: its key
 * with a null value. A row the broker refuses for good (too large for its topic) is moved to
 * {@code outbox_dead_letter} in the same transaction, and a row that failed otherwise stays for the next attempt;
 * the acknowledged rows commit either way ({@link RelayOutcome}).
 */
@ApplicationScoped
public class OutboxRelay {

    /** The channel the relay sends on; its connector settings come from configuration. */
    public static final String CHANNEL = "hearth-outbox";

    private static final Logger LOG = Logger.getLogger(OutboxRelay.class);

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
    private final OutboxClaim claim;

    public OutboxRelay(@Channel(CHANNEL) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192)
            Emitter<String> emitter, EventingConfig config, Vertx vertx, MeterRegistry registry,
            OutboxNotifications notifications, Pool pool, RelayOutcomeWriter outcomes,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.emitter = emitter;
        this.pool = pool;
        this.claim = new OutboxClaim(schema, config.relay().batchSize(), config.relay().retention().isZero());
        this.notifications = notifications;
        this.vertx = vertx;
        this.config = config.relay();
        this.outcomes = outcomes;
        this.registry = registry;
        this.published = Counter.builder("hearth.outbox.published")
                .description("Outbox events acknowledged by Kafka").register(registry);
        this.relayLoop = new ContextLoop<>("outbox relay", vertx, () -> drain(batch -> Uni.createFrom().voidItem()),
                // Again at once after any batch: rows written meanwhile may have been skipped by another replica's
                // relay because their key was held by this one, and their notification has been spent; rows this one
                // deferred wait for it too.
                outcome -> outcome.claimed() > 0 ? Duration.ZERO : idleWait(),
                this.config.failureBackoff());
        this.cleanupLoop = new ContextLoop<>("outbox cleanup", vertx, this::deletePublished,
                count -> Duration.ofMinutes(1), Duration.ofMinutes(1));
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
        return pool.withTransaction(connection -> claim.take(connection).chain(batch -> batch.isEmpty()
                ? Uni.createFrom().item(RelayOutcome.NONE)
                : send(batch.rows())
                        .map(failures -> RelayOutcome.of(batch.rows(), failures, batch.deferred()))
                        .call(() -> afterAck.apply(batch.rows()))
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
