package io.hearth.gateway;

import static org.hamcrest.Matchers.containsStringIgnoringCase;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;

import io.hearth.gateway.health.ProjectionReadiness;
import io.hearth.testsupport.BrokerTestResource;
import io.hearth.testsupport.PlatformEndpointsContract;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import org.junit.jupiter.api.Test;

@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class PlatformEndpointsTests extends PlatformEndpointsContract {

    @Override
    protected String pathWithIds(String id) {
        return "/v1/stacks/" + id + "/servers/" + id + "/metadata";
    }

    /** The gateway owns nothing durable: its readiness is Kafka's and its projection's, no database's. */
    @Test
    void isReadyWithoutADatabase() {
        ready().body("checks.name", hasItem(ProjectionReadiness.NAME))
                .body("checks.name", everyItem(not(containsStringIgnoringCase("PostgreSQL"))));
    }
}
