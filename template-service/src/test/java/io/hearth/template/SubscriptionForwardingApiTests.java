package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.startsWith;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The notifier's webhook subscriptions on the public endpoint: every method and sub-path goes to the notifier
 * ({@code hearth.upstream.notifier}; no notifier listens where the tests point, so the answer names it).
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class SubscriptionForwardingApiTests {

    @Test
    void subscriptionPathsAreForwardedToTheNotifier() {
        api().get("/v1/demo/subscriptions").then().statusCode(502)
                .body("error.type", equalTo("BadGateway"))
                .body("error.message", startsWith("notifier did not answer"));
        api().body(Map.of("url", "http://127.0.0.1:9/hook")).post("/v1/demo/subscriptions").then().statusCode(502)
                .body("error.message", startsWith("notifier did not answer"));
        api().post("/v1/demo/subscriptions/some-id/dead_letters/replay").then().statusCode(502)
                .body("error.message", startsWith("notifier did not answer"));
    }
}
