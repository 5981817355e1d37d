package io.hearth.notifier;

import static io.restassured.RestAssured.given;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.notifier.alarms.ActionReceiver;
import io.hearth.notifier.membership.LifecycleBroker;
import io.hearth.notifier.stream.SseClient;
import io.hearth.testsupport.TestDatabase;
import io.restassured.RestAssured;
import io.restassured.http.ContentType;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the tests of the notifier's loops look at, as a user would: a stack's stream (SSE), a webhook and alarm actions
 * POSTed to a local receiver, the membership generations on {@code hearth.membership}. Each test uses a stack of its
 * own.
 */
abstract class LoopProbes {

    static final Duration WAIT = Duration.ofSeconds(30);

    @RegisterExtension
    final ActionReceiver receiver = new ActionReceiver();

    @RegisterExtension
    final LifecycleBroker lifecycle = new LifecycleBroker();

    @RegisterExtension
    final StackEvents broker = new StackEvents();

    final TestDatabase db = TestDatabase.schema("notifier");
    final String stack = UUID.randomUUID().toString();
    private final List<SseClient> clients = new ArrayList<>();

    @AfterEach
    void closeStreams() {
        clients.forEach(SseClient::close);
    }

    /** Subscribes a webhook to the stack's tree, delivered to {@code path} on the receiver. */
    void subscribe(String path) {
        given().header("X-Auth-Token", "hearth-dev-token").basePath("/v1/demo").contentType(ContentType.JSON)
                .body(Map.of("url", receiver.url(path), "stack_ids", List.of(stack))).post("/subscriptions")
                .then().statusCode(201);
    }

    /** Follows the stack's stream (named {@code name}) from now on, once the notifier knows the stack. */
    SseClient follow(String name) {
        URI uri = URI.create("http://localhost:" + RestAssured.port + "/v1/demo/stacks/" + name + "/" + stack
                + "/stream");
        SseClient client = await().atMost(WAIT).until(() -> SseClient.open(uri, Map.of()), c -> {
            if (c.status() != 200) {
                c.close();
                return false;
            }
            return true;
        });
        clients.add(client);
        return client;
    }

    /** Whether the stream and the webhook both got the event. */
    boolean shownEverywhere(SseClient stream, String webhookPath, CloudEvent event) {
        return stream.events().stream().anyMatch(e -> e.data().contains(event.id()))
                && receiver.calls(webhookPath).stream().anyMatch(call -> event.id().equals(call.body()
                        .path("id").asText()));
    }

    /** The generations of the stack's group {@code group} published so far. */
    List<MembershipChanged> generations(String group) {
        return lifecycle.generations(stack, group);
    }
}
