package io.hearth.gateway.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.gateway.config.GatewayConfig;
import io.hearth.platform.config.EventSourceConfig;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.tracing.EventTracing;
import io.opentelemetry.api.OpenTelemetry;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.MutinyEmitter;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import org.eclipse.microprofile.reactive.messaging.Message;
import org.junit.jupiter.api.Test;

/** What an agent gets when Kafka does not acknowledge: 503, never a claim that the signal was accepted. */
class SignalPublisherTests {

    private static final ServerCheckedIn EVENT = new ServerCheckedIn("stack", "server", null, "0.1", "boot", Instant.EPOCH);

    @Test
    void noAcknowledgementInTimeIs503() {
        SignalPublisher publisher = publisher(message -> Uni.createFrom().nothing(), new AtomicReference<>());
        assertThatThrownBy(() -> publisher.signal("stack", "stack", EVENT).await().atMost(Duration.ofSeconds(5)))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(503));
    }

    @Test
    void aRefusedRecordIs503() {
        SignalPublisher publisher = publisher(message -> Uni.createFrom().failure(new IllegalStateException("down")),
                new AtomicReference<>());
        assertThatThrownBy(() -> publisher.signal("stack", "stack", EVENT).await().atMost(Duration.ofSeconds(5)))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(503));
    }

    @Test
    void anAcknowledgedRecordIsACloudEventKeyedAsAsked() {
        AtomicReference<Message<?>> sent = new AtomicReference<>();
        publisher(message -> Uni.createFrom().voidItem(), sent).signal("root", "stack", EVENT).await().atMost(Duration.ofSeconds(5));
        assertThat((String) sent.get().getPayload()).contains("\"type\":\"" + ServerCheckedIn.TYPE + "\"")
                .contains("\"source\":\"/hearth/signal-gateway\"").contains("\"subject\":\"stack\"");
        assertThat(sent.get().getMetadata(io.smallrye.reactive.messaging.kafka.api.OutgoingKafkaRecordMetadata.class))
                .hasValueSatisfying(m -> assertThat(m.getKey()).isEqualTo("root"));
    }

    @SuppressWarnings("unchecked")
    private static SignalPublisher publisher(Function<Message<?>, Uni<Void>> send, AtomicReference<Message<?>> sent) {
        MutinyEmitter<String> emitter = proxy(MutinyEmitter.class, (method, args) -> {
            if (method.equals("sendMessage")) {
                sent.set((Message<?>) args[0]);
                return send.apply((Message<?>) args[0]);
            }
            throw new UnsupportedOperationException(method);
        });
        EventSourceConfig eventing = proxy(EventSourceConfig.class, (method, args) -> "/hearth/signal-gateway");
        GatewayConfig config = proxy(GatewayConfig.class, (method, args) -> Duration.ofMillis(200));
        return new SignalPublisher(emitter, emitter, emitter, eventing, config,
                new EventTracing(OpenTelemetry.noop().getTracer("test")));
    }

    private interface Answer {
        Object answer(String method, Object[] args);
    }

    @SuppressWarnings("unchecked")
    private static <T> T proxy(Class<?> type, Answer answer) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (self, method, args) -> answer.answer(method.getName(), args));
    }
}
