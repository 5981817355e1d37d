package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.not;

import io.hearth.gateway.health.ProjectionLiveness;
import io.hearth.gateway.health.ProjectionReadiness;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.BrokerTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What operators see of the gateway: readiness of the projection and its producers, bounded metrics. */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class GatewayOperationsTests {

    @Inject
    PresignedUrls urls;

    @Test
    void readyOnceTheProjectionCaughtUpAndTheProducersAreUp() {
        given().get("/q/health/ready").then().statusCode(200)
                .body("checks.find { it.name == '" + ProjectionReadiness.NAME + "' }.status", equalTo("UP"))
                .body("checks.find { it.name.contains('Reactive Messaging') }.data.signals", equalTo("[OK]"))
                .body("checks.find { it.name.contains('Reactive Messaging') }.data.scaling", equalTo("[OK]"));
        given().get("/q/health/live").then().statusCode(200)
                .body("checks.find { it.name == '" + ProjectionLiveness.NAME + "' }.data.projection", equalTo("OK"));
    }

    @Test
    void requestMetricsNameTheRouteNotEachUrl() {
        String serverId = UUID.randomUUID().toString();
        String path = "/v1/stacks/" + UUID.randomUUID() + "/servers/" + serverId + "/metadata";
        given().get(path + "?" + urls.sign("GET", path, Instant.now().plusSeconds(60))).then().statusCode(200);

        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("uri=\"/v1/stacks/{stackId}/servers/{serverId}/metadata\""))
                .body(not(containsString(serverId)));
    }
}
