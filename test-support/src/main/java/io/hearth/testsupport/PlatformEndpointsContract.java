package io.hearth.testsupport;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.emptyOrNullString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.quarkus.runtime.configuration.MemorySize;
import io.restassured.response.ValidatableResponse;
import java.util.UUID;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;

/**
 * What every Hearth service offers operators (platform-web's part), checked the same way in each: a
 * subclass adds {@code @QuarkusTest} and the shared test resource. A service that owns a database
 * extends {@link EventingEndpointsContract}.
 */
public abstract class PlatformEndpointsContract {

    @Test
    void isLiveAndReadyWithKafkaChecked() {
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"))
                // platform-web's check that every Kafka consumer's polling thread runs and the consumer polls
                .body("checks.find { it.name == 'Kafka consumers polling' }.status", equalTo("UP"));
        ready()
                // SmallRye's check covers every Kafka channel
                .body("checks.name", hasItem(containsString("Reactive Messaging")))
                .body("checks.find { it.name == 'Kafka consumers in their groups' }.status", equalTo("UP"));
    }

    /** {@code /q/health/ready} answered UP; returns the response for more checks. */
    public static ValidatableResponse ready() {
        return given().get("/q/health/ready").then().statusCode(200).body("status", equalTo("UP"));
    }

    @Test
    void exposesPrometheusMetrics() {
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("jvm_memory_used_bytes"));
    }

    /**
     * A path of this service with {@code id} in the places of its route's parameters (tenant, stack, deployment), for
     * {@link #labelsRequestMetricsByRouteTemplateNotByPath}; a service whose routes differ overrides it.
     */
    protected String pathWithIds(String id) {
        return "/v1/" + id + "/stacks/" + id + "/" + id;
    }

    @Test
    void labelsRequestMetricsByRouteTemplateNotByPath() {
        String id = "probe" + UUID.randomUUID().toString().replace("-", "");
        given().get(pathWithIds(id));

        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("http_server_requests_seconds_count"))
                .body(not(containsString(id)));
    }

    @Test
    void publishesItsOpenApiDocument() {
        given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body("openapi", containsString("3."));
    }

    @Test
    void answersWhatNoResourceServesWithHeatsErrorBody() {
        heatError(given().get("/no/such/path").then(), 404, "NotFound")
                .body("error.message", equalTo("No resource at /no/such/path"));
    }

    @Test
    void refusesABodyOverTheLimitWithHeatsErrorBody() {
        long limit = ConfigProvider.getConfig()
                .getOptionalValue("quarkus.http.limits.max-body-size", MemorySize.class)
                .map(MemorySize::asLongValue).orElse(10240L * 1024);
        heatError(given().contentType("application/json").body(new byte[(int) limit + 1]).post("/no/such/path").then(),
                413, "RequestLimitExceeded")
                .body("error.message", equalTo("Request limit exceeded: JSON body size (" + (limit + 1)
                        + " bytes) exceeds maximum allowed size (" + limit + " bytes)."));
    }

    /**
     * Checks Heat's error body ({@code explanation, code, error: {message, type, traceback}, title}) with
     * the status and type; returns the response for more checks.
     */
    public static ValidatableResponse heatError(ValidatableResponse response, int status, String type) {
        return response.statusCode(status).contentType(containsString("application/json"))
                .body("code", equalTo(status))
                .body("title", notNullValue())
                .body("explanation", notNullValue())
                .body("error.type", equalTo(type))
                .body("error.message", not(emptyOrNullString()))
                .body("error.traceback", nullValue());
    }
}
