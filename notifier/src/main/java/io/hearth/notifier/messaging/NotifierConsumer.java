package io.hearth.notifier.messaging;

import io.hearth.contracts.Topics;
import io.hearth.notifier.alarms.AlarmEvaluator;
import io.hearth.notifier.journal.JournalWriter;
import io.hearth.notifier.membership.MembershipPublisher;
import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Kafka facade of the notifier: one consumer of its four topics ({@link Channels#EVENTS}). A poll's batch is split by
 * topic, each topic's records in their order (per partition the topic's order, so per key), and each topic's share
 * goes through the idempotent processor in a transaction of its own, under that topic's inbox name:
 * <ul>
 * <li>{@code hearth.stack.events}: every event appended to the journal ({@link JournalWriter}), and the membership
 * view's outputs and group actions ({@link MembershipHandler#handleStackEvents}) in the same transaction;</li>
 * <li>{@code hearth.membership}: every generation appended to the journal;</li>
 * <li>{@code hearth.instance.lifecycle}: the groups' members ({@link MembershipHandler#handle});</li>
 * <li>{@code hearth.metrics}: alarm definitions and samples ({@link MetricsHandler}), then the evaluator is woken (a
 * new or changed alarm may be due sooner).</li>
 * </ul>
 * The membership publisher is woken only when a share marked a group dirty or ended a group's action: other events
 * give it no work. The poll's batch is acknowledged once every share committed; a record that fails for good goes to
 * its own topic's {@code <topic>.dlq} (EventProcessor).
 */
@ApplicationScoped
public class NotifierConsumer {

    /** The topics, in the order a poll's shares are applied: the journal, which stream clients wait on, first. */
    static final List<String> TOPICS = List.of(Topics.STACK_EVENTS, Topics.MEMBERSHIP, Topics.INSTANCE_LIFECYCLE,
            Topics.METRICS);

    private final EventProcessor processor;
    private final JournalWriter journal;
    private final MembershipHandler membership;
    private final MembershipPublisher publisher;
    private final MetricsHandler metrics;
    private final AlarmEvaluator evaluator;

    public NotifierConsumer(EventProcessor processor, JournalWriter journal, MembershipHandler membership,
            MembershipPublisher publisher, MetricsHandler metrics, AlarmEvaluator evaluator) {
        this.processor = processor;
        this.journal = journal;
        this.membership = membership;
        this.publisher = publisher;
        this.metrics = metrics;
        this.evaluator = evaluator;
    }

    @Incoming(Channels.EVENTS)
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        Map<String, List<KafkaRecord<String, String>>> byTopic = new LinkedHashMap<>();
        TOPICS.forEach(topic -> byTopic.put(topic, new ArrayList<>()));
        batch.getRecords().forEach(record -> byTopic.computeIfAbsent(record.getTopic(), t -> new ArrayList<>())
                .add(record));
        AtomicBoolean groupsChanged = new AtomicBoolean();
        return Multi.createFrom().iterable(byTopic.entrySet())
                .filter(share -> !share.getValue().isEmpty())
                .onItem().transformToUniAndConcatenate(share -> apply(share.getKey(),
                        new TopicBatch(share.getValue()), groupsChanged))
                .collect().last()
                .invoke(() -> {
                    if (groupsChanged.get()) {
                        publisher.wakeUp();
                    }
                })
                .chain(() -> Uni.createFrom().completionStage(batch::ack));
    }

    /** Remembers that a share changed a group: the poll then wakes the publisher once. */
    private static void noteChange(AtomicBoolean groupsChanged, boolean changed) {
        if (changed) {
            groupsChanged.set(true);
        }
    }

    /** One topic's share of a poll, in a transaction of its own under that topic's inbox name. */
    private Uni<Void> apply(String topic, TopicBatch share, AtomicBoolean groupsChanged) {
        switch (topic) {
            case Topics.STACK_EVENTS:
                return processor.processBatch(Channels.STACK_EVENTS_GROUP, share, type -> true,
                        events -> Uni.combine().all().unis(journal.append(events),
                                membership.handleStackEvents(events).invoke(changed -> noteChange(groupsChanged,
                                        changed))).discardItems());
            case Topics.MEMBERSHIP:
                return processor.processBatch(Channels.MEMBERSHIP_GROUP, share, type -> true, journal::append);
            case Topics.INSTANCE_LIFECYCLE:
                return processor.processBatch(Channels.GROUP, share, MembershipHandler.TYPES,
                        events -> membership.handle(events)
                                .invoke(changed -> noteChange(groupsChanged, changed)).replaceWithVoid());
            case Topics.METRICS:
                return processor.processBatch(Channels.METRICS_GROUP, share, MetricsHandler.TYPES, metrics::handle)
                        .invoke(evaluator::wakeUp);
            default:
                // a topic the channel does not name: it cannot come (the channel's topics are TOPICS)
                throw new IllegalStateException("the notifier consumes no topic " + topic);
        }
    }
}
