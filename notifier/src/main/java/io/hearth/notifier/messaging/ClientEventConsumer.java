package io.hearth.notifier.messaging;

import io.hearth.notifier.journal.JournalWriter;
import io.hearth.notifier.membership.MembershipPublisher;
import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Kafka facade of the journal: every event of {@code hearth.stack.events} (stack, resource, nested stack,
 * deployment and alarm changes, whatever types the topic carries) and of {@code hearth.membership}, a poll's
 * batch at a time, appended through the idempotent processor in one transaction; each channel is a consumer
 * group (and inbox name) of its own, so it reads its topic from its beginning independently of the membership
 * view's consumer. The stack events also give the membership view the outputs of member stacks
 * ({@link MembershipHandler#handleStackEvents}), in the same transaction, and then wake its publisher.
 */
@ApplicationScoped
public class ClientEventConsumer {

    private final EventProcessor processor;
    private final JournalWriter journal;
    private final MembershipHandler membership;
    private final MembershipPublisher publisher;

    public ClientEventConsumer(EventProcessor processor, JournalWriter journal, MembershipHandler membership,
            MembershipPublisher publisher) {
        this.processor = processor;
        this.journal = journal;
        this.membership = membership;
        this.publisher = publisher;
    }

    @Incoming(Channels.STACK_EVENTS)
    public Uni<Void> stackEvents(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.STACK_EVENTS_GROUP, batch, type -> true,
                events -> journal.append(events).chain(() -> membership.handleStackEvents(events)))
                .invoke(publisher::wakeUp);
    }

    @Incoming(Channels.MEMBERSHIP)
    public Uni<Void> membership(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.MEMBERSHIP_GROUP, batch, type -> true, journal::append);
    }
}
