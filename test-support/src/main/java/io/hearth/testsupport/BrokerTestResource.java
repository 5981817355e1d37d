package io.hearth.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.util.Map;

/**
 * Points a Quarkus test application at the shared real broker, and injects a {@link KafkaCompanion}
 * into fields annotated {@link InjectKafkaCompanion}: for a service that owns no database
 * (signal-gateway), so none is started; {@link HearthTestResource} adds PostgreSQL. Every test class
 * of a module uses the same resource, so Quarkus starts the application once per module. Properties
 * may use {@code ${hearth.test.run-id}} to get names unique to this run.
 */
public class BrokerTestResource implements QuarkusTestResourceLifecycleManager {

    private KafkaCompanion companion;

    @Override
    public Map<String, String> start() {
        TestInfrastructure infra = TestInfrastructure.get();
        companion = new KafkaCompanion(infra.kafkaBootstrapServers());
        return Map.of(
                "kafka.bootstrap.servers", infra.kafkaBootstrapServers(),
                "hearth.test.run-id", infra.runId());
    }

    @Override
    public void inject(TestInjector testInjector) {
        testInjector.injectIntoFields(companion,
                new TestInjector.AnnotatedAndMatchesType(InjectKafkaCompanion.class, KafkaCompanion.class));
    }

    @Override
    public void stop() {
        if (companion != null) {
            companion.close();
        }
        TestInfrastructure.stop();
    }
}
