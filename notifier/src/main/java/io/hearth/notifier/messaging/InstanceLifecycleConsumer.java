package io.hearth.notifier.messaging;

import io.hearth.notifier.membership.MembershipPublisher;
import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Kafka facade: hands each poll's batch of instance lifecycle events to the handler through the idempotent
 * processor, in one transaction (the channel consumes in batches:
 * {@code mp.messaging.incoming.instance-lifecycle.batch}), then wakes the publisher, which takes the changed
 * groups when their window has passed.
 */
@ApplicationScoped
public class InstanceLifecycleConsumer {

    private final EventProcessor processor;
    private final MembershipHandler handler;
    private final MembershipPublisher publisher;

    public InstanceLifecycleConsumer(EventProcessor processor, MembershipHandler handler,
            MembershipPublisher publisher) {
        this.processor = processor;
        this.handler = handler;
        this.publisher = publisher;
    }

    @Incoming(Channels.INSTANCE_LIFECYCLE)
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.GROUP, batch, MembershipHandler.TYPES, handler::handle)
                .invoke(publisher::wakeUp);
    }
}
