package io.hearth.notifier;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The journal's tests (streams, webhooks) on the test broker: stack events as deployment-service publishes them,
 * and a producer opened before each test and closed after it (an instance field with {@code @RegisterExtension}).
 */
public final class StackEvents implements BeforeEachCallback, AfterEachCallback {

    private static final String SOURCE = "/hearth/deployment-service";

    private KafkaCompanion kafka;

    @Override
    public void beforeEach(ExtensionContext context) {
        kafka = new KafkaCompanion(ConfigProvider.getConfig(getClass().getClassLoader())
                .getValue("kafka.bootstrap.servers", String.class));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        kafka.close();
    }

    /** Publishes the events in one producer call, each keyed by its subject (the stack id); waits for the acks. */
    public void publish(String topic, CloudEvent... events) {
        kafka.produceStrings().fromRecords(List.of(events).stream()
                .map(event -> new ProducerRecord<>(topic, event.subject(), event.toJson())).toList())
                .awaitCompletion();
    }

    public static CloudEvent stackStatus(String stackId, String tenant, String name, String status) {
        return CloudEvent.of(SOURCE, stackId, new StackStatusChanged(stackId, tenant, name, "CREATE", status, "",
                null, 1));
    }

    public static CloudEvent resource(String stackId, String tenant, String name, String action, String status) {
        return CloudEvent.of(SOURCE, stackId, new ResourceStatusChanged(stackId, tenant, name, null,
                "OS::Nova::Server", action, status, "state changed", null));
    }

    public static CloudEvent nested(String stackId, String parent) {
        return CloudEvent.of(SOURCE, stackId, new NestedStackCreated(stackId, "demo", "nested-" + stackId, parent,
                "member", null, null, null));
    }
}
