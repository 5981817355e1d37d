package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.BrokerTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A URL path used faster than its token bucket refills is answered 429; other paths are not affected. */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class RateLimitTests {

    @Inject
    PresignedUrls urls;

    @Test
    void aPathOverItsLimitIsAnswered429WhileOthersGoOn() {
        String url = metadataUrl();
        Response refused = null;
        // %test: burst 20, refilled at 2 per second.
        for (int i = 0; i < 200 && refused == null; i++) {
            Response response = given().get(url);
            if (response.statusCode() == 429) {
                refused = response;
            } else {
                assertThat(response.statusCode()).isEqualTo(200);
            }
        }
        assertThat(refused).isNotNull();
        assertThat(refused.header("Retry-After")).isEqualTo("1");
        assertThat(refused.jsonPath().getString("error.type")).isEqualTo("TooManyRequests");
        assertThat(refused.jsonPath().getInt("code")).isEqualTo(429);

        given().get(metadataUrl()).then().statusCode(200);
    }

    private String metadataUrl() {
        String path = "/v1/stacks/" + UUID.randomUUID() + "/servers/" + UUID.randomUUID() + "/metadata";
        return path + "?" + urls.sign("GET", path, Instant.now().plusSeconds(600));
    }
}
