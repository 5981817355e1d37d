package io.hearth.notifier.messaging;

import io.hearth.notifier.journal.JournalWriter;
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
 * view's consumer.
 */
@ApplicationScoped
public class ClientEventConsumer {

    private final EventProcessor processor;
    private final JournalWriter journal;

    public ClientEventConsumer(EventProcessor processor, JournalWriter journal) {
        this.processor = processor;
        this.journal = journal;
    }

    @Incoming(Channels.STACK_EVENTS)
    public Uni<Void> stackEvents(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.STACK_EVENTS_GROUP, batch, type -> true, journal::append);
    }

    @Incoming(Channels.MEMBERSHIP)
    public Uni<Void> membership(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.MEMBERSHIP_GROUP, batch, type -> true, journal::append);
    }
}
