package io.hearth.testsupport;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import org.junit.jupiter.api.Test;

/**
 * What every Hearth service offers operators, checked the same way in each: a subclass adds
 * {@code @QuarkusTest} and the shared test resource.
 */
public abstract class PlatformEndpointsContract {

    @Test
    void isLiveAndReadyWithKafkaAndItsDatabaseChecked() {
        given().get("/q/health/live").then().statusCode(200).body("status", equalTo("UP"))
                // platform's check that every Kafka consumer's polling thread runs and the consumer polls
                .body("checks.find { it.name == 'Kafka consumers polling' }.status", equalTo("UP"));
        given().get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItem(containsString("Reactive PostgreSQL")))
                // SmallRye's check covers every Kafka channel, the outbox relay's producer included.
                .body("checks.find { it.name.contains('Reactive Messaging') }.data.'hearth-outbox'", equalTo("[OK]"))
                .body("checks.find { it.name == 'Kafka consumers in their groups' }.status", equalTo("UP"));
    }

    @Test
    void exposesPrometheusMetricsIncludingTheOutbox() {
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("hearth_outbox_published"))
                .body(containsString("jvm_memory_used_bytes"));
    }

    @Test
    void publishesItsOpenApiDocument() {
        given().queryParam("format", "json").get("/q/openapi").then().statusCode(200)
                .body("openapi", containsString("3."));
    }
}
