package io.hearth.template.messaging;

import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Kafka facade: hands each stack event to the handler through the idempotent processor. */
@ApplicationScoped
public class StackEventConsumer {

    private final EventProcessor processor;
    private final StackEventHandler handler;

    public StackEventConsumer(EventProcessor processor, StackEventHandler handler) {
        this.processor = processor;
        this.handler = handler;
    }

    @Incoming(Channels.STACK_EVENTS)
    public Uni<Void> consume(String payload) {
        return processor.process(Channels.GROUP, payload, StackEventHandler.TYPES, handler::handle);
    }
}
