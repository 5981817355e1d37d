package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.gateway.messaging.MetadataConsumer;
import io.hearth.gateway.service.MetadataStore;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.BrokerTestResource;
import io.quarkus.test.junit.QuarkusMock;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A gateway that has not read the whole metadata topic yet (just started) answers a correctly signed
 * request 503 with Retry-After, so an agent retries: a 404 for a deployment it has not read yet would make
 * the agent give up a valid signal. A wrong signature is still 403.
 */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class StartingGatewayTests {

    @Inject
    PresignedUrls urls;

    @Inject
    MetadataStore store;

    @Test
    void beforeItsProjectionCaughtUpAValidSignalIsAnswered503AndAForgedOne403() {
        // This test's gateway has not caught up: the projection as it is in the first seconds after a start.
        QuarkusMock.installMockForType(new MetadataConsumer(store, "unused:9092") {
            @Override
            public boolean caughtUp() {
                return false;
            }
        }, MetadataConsumer.class);
        String path = "/v1/signal/deployments/" + UUID.randomUUID();
        String signed = path + "?" + urls.sign("POST", path, Instant.now().plusSeconds(600));

        Response starting = given().contentType("application/json").body("{\"deploy_status_code\": 0}").post(signed);
        assertThat(starting.statusCode()).isEqualTo(503);
        assertThat(starting.header("Retry-After")).isEqualTo("1");
        assertThat(starting.jsonPath().getString("error.type")).isEqualTo("ServiceUnavailable");
        assertThat(starting.jsonPath().getString("error.message")).contains("still loading");

        given().contentType("application/json").body("{}").post(path + "?kid=k1&expires=9999999999&signature=forged")
                .then().statusCode(403);
    }

    @Test
    void onceCaughtUpTheSameUnknownDeploymentIs404() {
        String path = "/v1/signal/deployments/" + UUID.randomUUID();
        given().contentType("application/json").body("{\"deploy_status_code\": 0}")
                .post(path + "?" + urls.sign("POST", path, Instant.now().plusSeconds(600)))
                .then().statusCode(404);
    }
}
