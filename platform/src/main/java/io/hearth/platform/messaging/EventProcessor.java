package io.hearth.platform.messaging;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.InvalidEventException;
import io.hearth.platform.config.EventingConfig;
import io.hearth.platform.health.FatalErrors;
import io.hearth.platform.inbox.Inbox;
import io.hearth.platform.tracing.EventTracing;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.jboss.logging.Logger;

/**
 * What every Kafka consumer of Hearth does with a message: read the CloudEvents envelope,
 * skip an event id this consumer group already applied, and otherwise apply the handler in
 * the same transaction as the inbox record. A failing handler is retried with backoff; what
 * still fails (and a message that is no event at all) fails the returned Uni, so the
 * channel's dead-letter strategy sends it to {@code <topic>.dlq} with the error and the
 * consumer goes on with the next message. A tombstone (a null value on a compacted topic) is
 * no event and changes nothing: it is skipped. A fatal error ({@link FatalErrors}: out of memory,
 * stack overflow) is neither retried nor dead-lettered: it halts the process before the record is
 * acknowledged, so the restarted service processes the record again.
 */
@ApplicationScoped
public class EventProcessor {

    private static final Logger LOG = Logger.getLogger(EventProcessor.class);

    private final Inbox inbox;
    private final EventingConfig.Consumer config;
    private final EventTracing tracing;

    public EventProcessor(Inbox inbox, EventingConfig config, EventTracing tracing) {
        this.inbox = inbox;
        this.config = config.consumer();
        this.tracing = tracing;
    }

    /**
     * Processes one message's payload for a consumer group. Events of a type the handler does not act on
     * are skipped at once, without a transaction or an inbox record (they change nothing, so applying
     * them twice is harmless). A message that carries several events ({@code StackEventBatch}) is applied event by
     * event, in order, each as a message of its own; one that fails for good fails the message, and what was applied
     * before it is skipped by the inbox when the message is processed again.
     *
     * @param group   the logical consumer (the service name, or service and purpose)
     * @param payload the message value: a structured-mode CloudEvent, or null for a tombstone
     * @param types   the event types the handler acts on
     * @param handler applies the event; runs inside the transaction
     * @return completes when the effect committed or the event was a duplicate, of another type or a
     *         tombstone
     */
    public Uni<Void> process(String group, String payload, Set<String> types,
            Function<CloudEvent, Uni<Void>> handler) {
        return process(group, payload, (Predicate<String>) types::contains, handler);
    }

    /** {@link #process(String, String, Set, Function)} for the event types {@code actsOn} accepts. */
    public Uni<Void> process(String group, String payload, Predicate<String> actsOn,
            Function<CloudEvent, Uni<Void>> handler) {
        if (payload == null) {
            LOG.debugf("%s skips a tombstone", group);
            return Uni.createFrom().voidItem();
        }
        return Uni.createFrom().item(() -> CloudEvent.parseAll(payload))
                .chain(events -> Multi.createFrom().iterable(events).onItem().transformToUniAndConcatenate(
                        event -> !actsOn.test(event.type()) ? ignore(event) : applyOnce(group, event, handler)
                                .onFailure(EventProcessor::worthRetrying).retry()
                                .withBackOff(config.initialBackoff(), config.initialBackoff().multipliedBy(16))
                                .atMost(config.retries())
                                .onFailure(failure -> !FatalErrors.isFatal(failure)).invoke(failure -> LOG.errorf(
                                        failure, "%s could not apply event %s of type %s; sending it to the"
                                        + " dead-letter topic", group, event.id(), event.type())))
                        .collect().last().replaceWithVoid())
                .onFailure(FatalErrors::isFatal).invoke(fatal -> FatalErrors.PROCESS.haltIfFatal(fatal,
                        group + " processing a message"));
    }

    /**
     * Processes a poll's batch of messages for a consumer group in one transaction: the inbox records every
     * event id in one statement (each event a message carries, {@code CloudEvent.parseAll}), and the handler gets the events seen for the first time, in the batch's
     * order (per partition, the topic's order), at once, so it can apply what belongs together in one step.
     * When that fails, each message is processed on its own as {@link #process} does, and one that still
     * fails goes to the dead-letter topic alone. Acknowledges the batch when done.
     *
     * @param handler applies events; runs inside the transaction
     * @return completes when the batch's effects committed and the batch was acknowledged
     */
    public Uni<Void> processBatch(String group, KafkaRecordBatch<String, String> batch, Set<String> types,
            Function<List<CloudEvent>, Uni<Void>> handler) {
        return processBatch(group, batch, (Predicate<String>) types::contains, handler);
    }

    /**
     * {@link #processBatch(String, KafkaRecordBatch, Set, Function)} for the event types {@code actsOn} accepts
     * (every type, for a consumer that keeps whatever a topic carries).
     */
    public Uni<Void> processBatch(String group, KafkaRecordBatch<String, String> batch, Predicate<String> actsOn,
            Function<List<CloudEvent>, Uni<Void>> handler) {
        return processBatch(group, batch, actsOn, type -> false, Integer.MAX_VALUE, handler);
    }

    /**
     * {@link #processBatch(String, KafkaRecordBatch, Predicate, Function)}, with at most {@code heavyPerTransaction}
     * events whose type {@code heavy} accepts in one transaction: a batch holding more is applied as consecutive
     * parts, in order, each in its own transaction with its own inbox records (a hundred stack creates in one
     * transaction held every row and event they made in memory at once, more than the heap). The batch is
     * acknowledged once every part committed; when a part fails, the batch is applied one by one, and what the parts
     * before it committed is skipped by the inbox.
     */
    public Uni<Void> processBatch(String group, KafkaRecordBatch<String, String> batch, Predicate<String> actsOn,
            Predicate<String> heavy, int heavyPerTransaction, Function<List<CloudEvent>, Uni<Void>> handler) {
        List<CloudEvent> events = new ArrayList<>();
        Set<String> ids = new LinkedHashSet<>();
        try {
            for (KafkaRecord<String, String> record : batch.getRecords()) {
                if (record.getPayload() == null) {
                    continue;
                }
                for (CloudEvent event : CloudEvent.parseAll(record.getPayload())) {
                    if (actsOn.test(event.type()) && ids.add(event.id())) {
                        events.add(event);
                    }
                }
            }
        } catch (InvalidEventException e) {
            return oneByOne(group, batch, actsOn, handler);
        }
        Uni<Void> applied = Multi.createFrom().iterable(parts(events, heavy, heavyPerTransaction))
                .onItem().transformToUniAndConcatenate(part -> bounded(() -> group + " applying a batch of "
                        + part.size() + " events " + described(part), group, part, () -> Panache.withTransaction(
                        () -> inbox.firstDeliveries(group, part.stream().map(CloudEvent::id).toList())
                                .chain(fresh -> handler.apply(part.stream()
                                        .filter(event -> fresh.contains(event.id())).toList()))
                                .chain(FlushGate::flushBeforeCommit))))
                .collect().last().replaceWithVoid();
        return applied
                .onFailure(FatalErrors::isFatal).invoke(fatal -> FatalErrors.PROCESS.haltIfFatal(fatal,
                        group + " processing a batch"))
                .onFailure(failure -> !FatalErrors.isFatal(failure)).recoverWithUni(failure -> {
                    LOG.warnf(failure, "%s could not apply a batch of %d events; applying them one by one", group,
                            events.size());
                    return oneByOne(group, batch, actsOn, handler);
                })
                .chain(() -> Uni.createFrom().completionStage(batch::ack));
    }

    /** The events in consecutive parts of at most {@code heavyPerPart} heavy ones each (none for no events). */
    static List<List<CloudEvent>> parts(List<CloudEvent> events, Predicate<String> heavy, int heavyPerPart) {
        List<List<CloudEvent>> parts = new ArrayList<>();
        List<CloudEvent> part = new ArrayList<>();
        int heavyInPart = 0;
        for (CloudEvent event : events) {
            if (heavy.test(event.type())) {
                if (heavyInPart == heavyPerPart) {
                    parts.add(part);
                    part = new ArrayList<>();
                    heavyInPart = 0;
                }
                heavyInPart++;
            }
            part.add(event);
        }
        if (!part.isEmpty()) {
            parts.add(part);
        }
        return parts;
    }

    /**
     * Each message of the batch on its own; one that fails for good is nacked: the channel dead-letters it, to its
     * own topic's {@code <topic>.dlq} (a channel may read several topics).
     */
    private Uni<Void> oneByOne(String group, KafkaRecordBatch<String, String> batch, Predicate<String> actsOn,
            Function<List<CloudEvent>, Uni<Void>> handler) {
        return Multi.createFrom().iterable(batch.getRecords())
                .onItem().transformToUniAndConcatenate(record -> process(group, record.getPayload(), actsOn,
                        event -> handler.apply(List.of(event)))
                        .onFailure(failure -> !FatalErrors.isFatal(failure))
                        .recoverWithUni(failure -> Uni.createFrom().completionStage(() -> record.nack(failure,
                                Metadata.of(OutgoingKafkaRecordMetadata.builder()
                                        .withTopic(Topics.dlq(record.getTopic())).build())))))
                .collect().last().replaceWithVoid();
    }

    /** A message that is no event fails again the same way; a fatal error halts the process instead. */
    private static boolean worthRetrying(Throwable failure) {
        return !(failure instanceof InvalidEventException) && !FatalErrors.isFatal(failure);
    }

    private Uni<Void> applyOnce(String group, CloudEvent event, Function<CloudEvent, Uni<Void>> handler) {
        return bounded(() -> group + " applying event " + described(List.of(event)), group, List.of(event),
                () -> Panache.withTransaction(
                () -> inbox.firstDelivery(group, event.id())
                        .chain(first -> {
                            if (first) {
                                return handler.apply(event);
                            }
                            LOG.debugf("%s skips event %s: already processed", group, event.id());
                            return Uni.createFrom().voidItem();
                        }).chain(FlushGate::flushBeforeCommit)));
    }

    /**
     * One step on a context of its own ({@link IsolatedWork}), failed when it has not ended within
     * {@link EventingConfig.Consumer#stepTimeout}: a safety net for a step that stops for good (the one seen, a
     * Hibernate Reactive delete completing another session's, is prevented by {@link FlushGate}); the step fails
     * and is retried. The step runs in a span that continues the trace its events carry ({@link EventTracing}).
     */
    private <T> Uni<T> bounded(Supplier<String> description, String group, List<CloudEvent> events,
            Supplier<Uni<? extends T>> step) {
        Duration timeout = config.stepTimeout();
        return IsolatedWork.<T>run(() -> tracing.<T>consuming(group, events, () -> Uni.createFrom().<T>deferred(step)))
                .ifNoItem().after(timeout).failWith(() -> {
            String what = description.get();
            LOG.errorf("%s did not end within %s; failing it so that it is retried", what, timeout);
            return new StepTimeoutException(what + " did not end within " + timeout);
        });
    }

    /** The first events of a step, for its log line: type, subject and id of each. */
    private static String described(List<CloudEvent> events) {
        return events.stream().limit(3).map(e -> e.type() + " " + e.subject() + " " + e.id())
                .collect(Collectors.joining(", ", "[", events.size() > 3 ? ", ...]" : "]"));
    }

    /** A consumer step that did not end in time ({@link EventingConfig.Consumer#stepTimeout}). */
    public static final class StepTimeoutException extends RuntimeException {
        StepTimeoutException(String message) {
            super(message);
        }
    }

    /** A handler's answer to an event type it does not act on. */
    public static Uni<Void> ignore(CloudEvent event) {
        LOG.debugf("ignoring event %s of type %s", event.id(), event.type());
        return Uni.createFrom().voidItem();
    }

    /** The first retry's delay, for tests that wait for retries to run out. */
    public Duration initialBackoff() {
        return config.initialBackoff();
    }
}
