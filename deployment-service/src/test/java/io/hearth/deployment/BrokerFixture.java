package io.hearth.deployment;

import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test's helper on the test broker, opened before each test and closed after it: a {@code @QuarkusTest}
 * declares it as an instance field with {@code @RegisterExtension} ({@code final StackDriver driver = new
 * StackDriver();}) and uses it in its tests. It reaches the broker the test application was pointed at
 * ({@code kafka.bootstrap.servers}, which {@code HearthTestResource} sets); what it reads is read from
 * each topic's beginning, as a {@code KafkaCompanion} consumer does.
 *
 * <p>In Quarkus 3.37 the test class is loaded by the application's class loader and Quarkus's constructor
 * interceptor hands JUnit the instance it runs the tests on (quarkusio/quarkus#51891), so the field JUnit
 * registers this extension from is the field the test reads. An instance field, not a static one: each
 * test gets a fresh helper.
 */
abstract class BrokerFixture implements BeforeEachCallback, AfterEachCallback {

    private final List<ConsumerTask<String, String>> consumers = new ArrayList<>();
    private KafkaCompanion kafka;

    @Override
    public final void beforeEach(ExtensionContext context) {
        kafka = new KafkaCompanion(ConfigProvider.getConfig(getClass().getClassLoader())
                .getValue("kafka.bootstrap.servers", String.class));
        open();
    }

    @Override
    public final void afterEach(ExtensionContext context) {
        consumers.forEach(ConsumerTask::close);
        consumers.clear();
        kafka.close();
    }

    /** Starts what the helper reads, before the test begins. */
    protected abstract void open();

    /** Reads every record of {@code topic} from its beginning, until the test ends. */
    protected final ConsumerTask<String, String> consume(String topic) {
        ConsumerTask<String, String> consumer = kafka.consumeStrings().fromTopics(topic);
        consumers.add(consumer);
        return consumer;
    }

    /** Publishes {@code value} on {@code topic} under {@code key} and waits for the broker's ack. */
    final void publish(String topic, String key, String value) {
        kafka.produceStrings().fromRecords(new ProducerRecord<>(topic, key, value)).awaitCompletion();
    }

    /** The broker's bootstrap servers. */
    final String bootstrapServers() {
        return kafka.getBootstrapServers();
    }
}
