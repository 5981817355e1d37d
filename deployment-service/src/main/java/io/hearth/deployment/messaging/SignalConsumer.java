package io.hearth.deployment.messaging;

import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Kafka facade: hands each poll's batch of signals from the gateway to the handler through the idempotent
 * processor, in one transaction (the channel consumes in batches: {@code mp.messaging.incoming.signals.batch});
 * scaling requests (a ScalingPolicy's alarm URL, {@code hearth.scaling}) and the notifier's group membership
 * generations ({@code hearth.membership}) and what compute drivers report ({@code hearth.compute.status}) the same
 * way.
 */
@ApplicationScoped
public class SignalConsumer {

    private final EventProcessor processor;
    private final SignalHandler handler;

    public SignalConsumer(EventProcessor processor, SignalHandler handler) {
        this.processor = processor;
        this.handler = handler;
    }

    @Incoming(Channels.SIGNALS)
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.GROUP, batch, SignalHandler.TYPES, handler::handle);
    }

    @Incoming(Channels.SCALING)
    public Uni<Void> consumeScaling(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.GROUP, batch, SignalHandler.TYPES, handler::handle);
    }

    @Incoming(Channels.MEMBERSHIP)
    public Uni<Void> consumeMembership(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.GROUP, batch, SignalHandler.TYPES, handler::handle);
    }

    @Incoming(Channels.COMPUTE_STATUS)
    public Uni<Void> consumeComputeStatus(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.GROUP, batch, SignalHandler.TYPES, handler::handle);
    }
}
