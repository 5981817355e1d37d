package io.hearth.platform.rest;

import static io.hearth.testsupport.PlatformEndpointsContract.heatError;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.allOf;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.startsWith;

import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * A database refusal that reaches the HTTP edge is answered by platform-web's mappers through platform's
 * {@link DatabaseRefusal}: Heat's error body with a 400, not a 500, and nothing written.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class DatabaseRefusalTests {

    private final TestDatabase db = TestDatabase.schema("eventing_test");

    @Test
    void aValueTheColumnCannotHoldIsTheRequestsFault() {
        String key = "refused-" + UUID.randomUUID();
        heatError(given().queryParam("name", "w".repeat(256)).queryParam("key", key).post("/test/widgets").then(),
                400, "InvalidRequest")
                .body("error.message", allOf(startsWith("A value of the request cannot be stored: "),
                        containsString("value too long for type character varying(255)")));
        assertThat(db.queryLong("select count(*) from outbox_event where aggregateid = ?", key)).isZero();
    }
}
