package io.hearth.deployment.messaging;

import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/** Kafka facade: hands each signal from the gateway to the handler through the idempotent processor. */
@ApplicationScoped
public class SignalConsumer {

    private final EventProcessor processor;
    private final SignalHandler handler;

    public SignalConsumer(EventProcessor processor, SignalHandler handler) {
        this.processor = processor;
        this.handler = handler;
    }

    @Incoming(Channels.SIGNALS)
    public Uni<Void> consume(String payload) {
        return processor.process(Channels.GROUP, payload, SignalHandler.TYPES, handler::handle);
    }
}
