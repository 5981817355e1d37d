package io.hearth.gateway.messaging;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.gateway.config.GatewayConfig;
import io.hearth.platform.config.EventSourceConfig;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.tracing.EventTracing;
import io.opentelemetry.context.Context;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.eclipse.microprofile.reactive.messaging.Metadata;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;
import org.jboss.logging.Logger;

/**
 * Publishes the gateway's events as CloudEvents: signals and check-ins on {@code hearth.signals}, scaling
 * requests on {@code hearth.scaling}, metric samples on {@code hearth.metrics}. Each returned {@link Uni} completes once Kafka acknowledged the record
 * (acks=all, idempotent producer); it fails with a 503 {@link ApiException} when Kafka refused it or did not
 * answer within {@code hearth.gateway.publish-timeout}. Nothing is deduplicated here.
 */
@ApplicationScoped
public class SignalPublisher {

    /** The channel of {@code hearth.signals}. */
    public static final String SIGNALS = "signals";
    /** The channel of {@code hearth.scaling}. */
    public static final String SCALING = "scaling";
    /** The channel of {@code hearth.metrics}. */
    public static final String METRICS = "metrics";

    private static final Logger LOG = Logger.getLogger(SignalPublisher.class);

    private final MutinyEmitter<String> signals;
    private final MutinyEmitter<String> scaling;
    private final MutinyEmitter<String> metrics;
    private final String source;
    private final GatewayConfig config;
    private final EventTracing tracing;

    public SignalPublisher(
            @Channel(SIGNALS) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192) MutinyEmitter<String> signals,
            @Channel(SCALING) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 1024) MutinyEmitter<String> scaling,
            @Channel(METRICS) @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192) MutinyEmitter<String> metrics,
            EventSourceConfig eventing, GatewayConfig config, EventTracing tracing) {
        this.signals = signals;
        this.scaling = scaling;
        this.metrics = metrics;
        this.source = eventing.source();
        this.config = config;
        this.tracing = tracing;
    }

    /**
     * Publishes a signal or check-in on {@code hearth.signals} with {@code key} (the stack tree) as key and
     * {@code subject} (the stack) as subject.
     */
    public Uni<Void> signal(String key, String subject, Object data) {
        return send(signals, key, subject, data);
    }

    /**
     * A signal or check-in about a server, to publish on {@code hearth.signals} with {@code key} (the stack tree) as key
     * and its stack as subject (else the key), in the trace of the server's metadata document ({@code trace}, see
     * {@link io.hearth.gateway.service.MetadataStore#traceOf}): the signal continues the stack's trace, which goes on
     * in deployment-service.
     *
     * @param deploymentId the deployment it is about, or null
     */
    public record Outgoing<E>(String key, E event, Context trace, String stackId, String deploymentId) {
    }

    /** Publishes a signal or check-in about a server; the event once Kafka acknowledged it. */
    public <E> Uni<E> signal(Outgoing<E> outgoing) {
        String type = outgoing.event().getClass().getSimpleName();
        return tracing.continuing("signal-gateway publish " + type, outgoing.trace(), outgoing.stackId(),
                outgoing.deploymentId(), () -> {
                    LOG.infof("publishing %s of stack %s%s", type, outgoing.stackId(),
                            outgoing.deploymentId() == null ? "" : " for deployment " + outgoing.deploymentId());
                    return send(signals, outgoing.key(), outgoing.stackId() != null ? outgoing.stackId()
                            : outgoing.key(), outgoing.event());
                }).replaceWith(outgoing.event());
    }

    /** Publishes a scaling request on {@code hearth.scaling} with {@code key} (the stack tree) and {@code subject}. */
    public Uni<Void> scaling(String key, String subject, Object data) {
        return send(scaling, key, subject, data);
    }

    /** Publishes metric samples on {@code hearth.metrics} with {@code key} (the stack tree) and {@code subject}. */
    public Uni<Void> metrics(String key, String subject, Object data) {
        return send(metrics, key, subject, data);
    }

    private Uni<Void> send(MutinyEmitter<String> emitter, String key, String subject, Object data) {
        return Uni.createFrom().deferred(() -> {
            String json = EventTracing.stamped(CloudEvent.written(source, subject, data)).toJson();
            Message<String> message = Message.of(json, Metadata.of(
                    OutgoingKafkaRecordMetadata.<String>builder().withKey(key).build()));
            return emitter.sendMessage(message);
        })
                .ifNoItem().after(config.publishTimeout())
                .failWith(() -> new ApiException(503, "ServiceUnavailable",
                        "Kafka did not acknowledge the event in time; nothing was accepted, retry later"))
                .onFailure(e -> !(e instanceof ApiException)).transform(e -> {
                    LOG.warnf("publishing %s for %s failed: %s", data.getClass().getSimpleName(), key, e.getMessage());
                    return new ApiException(503, "ServiceUnavailable",
                            "Kafka is unavailable; nothing was accepted, retry later");
                });
    }
}
