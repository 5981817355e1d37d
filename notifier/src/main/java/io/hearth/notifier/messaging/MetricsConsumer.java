package io.hearth.notifier.messaging;

import io.hearth.notifier.alarms.AlarmEvaluator;
import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Kafka facade: hands each poll's batch of {@code hearth.metrics} (alarm definitions, samples) to the handler through
 * the idempotent processor, in one transaction, then wakes the evaluator (a new or changed alarm may be due sooner).
 */
@ApplicationScoped
public class MetricsConsumer {

    private final EventProcessor processor;
    private final MetricsHandler handler;
    private final AlarmEvaluator evaluator;

    public MetricsConsumer(EventProcessor processor, MetricsHandler handler, AlarmEvaluator evaluator) {
        this.processor = processor;
        this.handler = handler;
        this.evaluator = evaluator;
    }

    @Incoming(Channels.METRICS)
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.METRICS_GROUP, batch, MetricsHandler.TYPES, handler::handle)
                .invoke(evaluator::wakeUp);
    }
}
