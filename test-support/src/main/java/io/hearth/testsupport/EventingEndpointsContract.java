package io.hearth.testsupport;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import org.junit.jupiter.api.Test;

/**
 * What a Hearth service that owns a database (platform's outbox and inbox) offers operators beyond
 * {@link PlatformEndpointsContract}: its database and the outbox relay's producer in readiness, the
 * outbox in the metrics.
 */
public abstract class EventingEndpointsContract extends PlatformEndpointsContract {

    @Test
    void isReadyWithItsDatabaseAndTheOutboxProducerChecked() {
        ready().body("checks.name", hasItem(containsString("Reactive PostgreSQL")))
                .body("checks.find { it.name.contains('Reactive Messaging') }.data.'hearth-outbox'", equalTo("[OK]"));
    }

    @Test
    void exposesTheOutboxMetrics() {
        given().get("/q/metrics").then().statusCode(200)
                .body(containsString("hearth_outbox_published"));
    }
}
