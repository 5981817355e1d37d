package io.hearth.deployment.messaging;

import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Kafka facade: hands each stack command to the handler through the idempotent processor. */
@ApplicationScoped
public class StackCommandConsumer {

    private final EventProcessor processor;
    private final StackCommandHandler handler;

    public StackCommandConsumer(EventProcessor processor, StackCommandHandler handler) {
        this.processor = processor;
        this.handler = handler;
    }

    @Incoming(Channels.STACK_COMMANDS)
    public Uni<Void> consume(String payload) {
        return processor.process(Channels.GROUP, payload, StackCommandHandler.TYPES, handler::handle);
    }
}
