package io.hearth.testsupport;

import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.util.Map;

/**
 * Points a Quarkus test application at the shared real broker and PostgreSQL, and injects a
 * {@link KafkaCompanion} into fields annotated {@link InjectKafkaCompanion}. Every test class
 * of a module uses this same resource, so Quarkus starts the application once per module.
 * Properties may use {@code ${hearth.test.run-id}} to get names unique to this run.
 */
public class HearthTestResource implements QuarkusTestResourceLifecycleManager {

    private KafkaCompanion companion;

    @Override
    public Map<String, String> start() {
        TestInfrastructure infra = TestInfrastructure.get();
        companion = new KafkaCompanion(infra.kafkaBootstrapServers());
        TestInfrastructure.Database db = infra.database();
        return Map.of(
                "kafka.bootstrap.servers", infra.kafkaBootstrapServers(),
                "quarkus.datasource.reactive.url", db.reactiveUrl(),
                "quarkus.datasource.jdbc.url", db.jdbcUrl(),
                "quarkus.datasource.username", db.user(),
                "quarkus.datasource.password", db.password(),
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
