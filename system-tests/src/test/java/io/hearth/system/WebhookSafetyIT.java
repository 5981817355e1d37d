package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Webhooks that cannot reach inside (issue 32, round 2 F1 and F2), against the running system: subscriptions to the
 * system's own services, in every spelling a hostile tenant tried, and to an impossible port are refused with a 400
 * and change nothing; the one internal receiver the operator allowed ({@link LocalSystem#RECEIVERS}, through
 * {@code HEARTH_WEBHOOKS_ALLOWED_TARGETS}) still gets its deliveries, signed; and the same system takes a normal
 * stack to CREATE_COMPLETE.
 */
class WebhookSafetyIT {

    private static final Duration WAIT = Duration.ofSeconds(90);
    private static final String STACK_STATUS = "io.hearth.stack.status-changed.v1";
    private static WebhookReceiver receiver;
    private static String subscription;

    @BeforeAll
    static void system() {
        LocalSystem.up();
    }

    @AfterAll
    static void cleanUp() {
        if (subscription != null) {
            LocalSystem.api().delete("/v1/demo/subscriptions/" + subscription);
        }
        if (receiver != null) {
            receiver.close();
        }
    }

    @Test
    void internalReceiversAreRefusedAndAnAllowedOneGetsItsDeliveries() throws Exception {
        int before = subscriptions();
        for (String url : List.of("http://127.0.0.1:8005/", "http://127.0.0.1:8007/v1/demo/subscriptions",
                "http://localhost:8004/", "http://0.0.0.0:9092/", "http://[::ffff:127.0.0.1]:5432/",
                "http://[::1]:8006/")) {
            JsonPath refused = LocalSystem.api().body(Map.of("url", url)).post("/v1/demo/subscriptions").then()
                    .statusCode(400).extract().jsonPath();
            assertThat(refused.getString("error.type")).isEqualTo("BadRequest");
            assertThat(refused.getString("error.message")).startsWith("Invalid url '" + url + "': host ")
                    .contains("hearth.webhooks.allowed-targets");
        }
        assertThat(message("http://2130706433/")).isEqualTo("Invalid url 'http://2130706433/': host '2130706433' is"
                + " not a DNS name, a dotted IPv4 address or a bracketed IPv6 address");
        assertThat(message("http://127.0.0.1:99999/"))
                .isEqualTo("Invalid url 'http://127.0.0.1:99999/': port 99999 is outside 1-65535");
        assertThat(subscriptions()).as("nothing was made").isEqualTo(before);

        receiver = new WebhookReceiver();
        JsonPath created = LocalSystem.api().body(Map.of("url", receiver.url())).post("/v1/demo/subscriptions")
                .then().statusCode(201).extract().jsonPath();
        subscription = created.getString("subscription.id");
        receiver.secret(created.getString("subscription.secret"));

        String name = "webhook-safety-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                resources:
                  word: {type: OS::Heat::RandomString, properties: {length: 12}}
                outputs:
                  word: {value: {get_attr: [word, value]}}
                """)).post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> !"CREATE_IN_PROGRESS"
                .equals(status(name, id)));
        assertThat(status(name, id)).isEqualTo("CREATE_COMPLETE");

        // The allowed receiver gets the stack's events, each signed with the subscription's secret.
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> receiver.events(STACK_STATUS).stream()
                .anyMatch(event -> id.equals(event.path("data").path("stackId").asText())
                        && "CREATE".equals(event.path("data").path("action").asText())
                        && "COMPLETE".equals(event.path("data").path("status").asText())));
        assertThat(receiver.badSignatures()).as("every delivery's signature verifies").isEmpty();
        LocalSystem.api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200);
        LocalSystem.api().delete("/v1/demo/stacks/" + name + "/" + id).then().statusCode(204);
    }

    private static String message(String url) {
        return LocalSystem.api().body(Map.of("url", url)).post("/v1/demo/subscriptions").then().statusCode(400)
                .extract().path("error.message");
    }

    private static int subscriptions() {
        return LocalSystem.api().get("/v1/demo/subscriptions").then().statusCode(200).extract().jsonPath()
                .getList("subscriptions").size();
    }

    private static String status(String name, String id) {
        return LocalSystem.api().get("/v1/demo/stacks/" + name + "/" + id).then().extract().path("stack.stack_status");
    }
}
