package io.hearth.template.messaging;

import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Kafka facade: hands each poll's batch of stack events to the handler through the idempotent processor, in one
 * transaction (the channel consumes in batches: {@code mp.messaging.incoming.stack-events.batch}).
 */
@ApplicationScoped
public class StackEventConsumer {

    private final EventProcessor processor;
    private final StackEventHandler handler;

    public StackEventConsumer(EventProcessor processor, StackEventHandler handler) {
        this.processor = processor;
        this.handler = handler;
    }

    @Incoming(Channels.STACK_EVENTS)
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.GROUP, batch, StackEventHandler.TYPES, handler::handle);
    }
}
