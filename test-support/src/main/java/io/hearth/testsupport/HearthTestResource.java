package io.hearth.testsupport;

import java.util.HashMap;
import java.util.Map;

/**
 * Points a Quarkus test application at the shared real broker (as {@link BrokerTestResource} does) and
 * PostgreSQL. Every test class of a module uses this same resource, so Quarkus starts the application
 * once per module.
 */
public class HearthTestResource extends BrokerTestResource {

    @Override
    public Map<String, String> start() {
        Map<String, String> properties = new HashMap<>(super.start());
        TestInfrastructure.Database db = TestInfrastructure.get().database();
        properties.putAll(Map.of(
                "quarkus.datasource.reactive.url", db.reactiveUrl(),
                "quarkus.datasource.jdbc.url", db.jdbcUrl(),
                "quarkus.datasource.username", db.user(),
                "quarkus.datasource.password", db.password()));
        return properties;
    }
}
