package io.hearth.notifier.webhook;

import static io.hearth.notifier.StackEvents.nested;
import static io.hearth.notifier.StackEvents.resource;
import static io.hearth.notifier.StackEvents.stackStatus;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.notifier.StackEvents;
import io.hearth.notifier.journal.JournalReader;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.MetricsPage;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Webhook subscriptions end to end: events published on the real broker go through the journal and the delivery
 * queue (the real database) to receivers listening on 127.0.0.2 (the test profile's allowed target). The test profile retries after 50 to 200 ms,
 * 4 tries, 2 tries in flight per subscription. Each test uses stacks of its own.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class WebhookTests {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String TOKEN = "hearth-dev-token";

    @Inject
    JournalReader journal;

    @Inject
    Pool pool;

    @Inject
    WebhookDispatcher dispatcher;

    @RegisterExtension
    final StackEvents broker = new StackEvents();

    private final List<Receiver> receivers = new ArrayList<>();
    private final String stack = UUID.randomUUID().toString();

    @AfterEach
    void close() {
        receivers.forEach(Receiver::close);
    }

    @Test
    void aSubscriberGetsItsStacksEventsInOrderSignedAndNothingElse() throws Exception {
        String other = UUID.randomUUID().toString();
        String child = UUID.randomUUID().toString();
        String name = "web-" + stack.substring(0, 8);
        known(stackStatus(stack, "demo", name, "IN_PROGRESS"), stackStatus(other, "demo", "db", "IN_PROGRESS"));
        Receiver receiver = receiver();
        JsonPath created = subscribe(Map.of("url", receiver.url(), "stack_ids", List.of(name),
                "event_types", List.of(ResourceStatusChanged.TYPE, "io.hearth.stack.nested-*")));
        String secret = created.getString("subscription.secret");
        assertThat(secret).startsWith("whsec_");
        assertThat(created.getList("subscription.stack_ids")).containsExactly(stack);

        List<CloudEvent> wanted = List.of(resource(stack, "demo", "a", "CREATE", "IN_PROGRESS"),
                nested(child, stack), resource(child, "demo", "member", "CREATE", "COMPLETE"),
                resource(stack, "demo", "a", "CREATE", "COMPLETE"));
        publish(wanted.get(0), stackStatus(stack, "demo", name, "COMPLETE"),
                resource(other, "demo", "db", "CREATE", "COMPLETE"));
        publish(wanted.get(1), wanted.get(2));
        publish(resource(other, "demo", "db2", "CREATE", "COMPLETE"), wanted.get(3));

        await().atMost(WAIT).until(() -> receiver.delivered().size() >= 4);
        Thread.sleep(500);
        List<Receiver.Request> delivered = receiver.delivered();
        assertThat(delivered).extracting(request -> request.event().id())
                .containsExactlyElementsOf(wanted.stream().map(CloudEvent::id).toList());
        assertThat(delivered.get(1).event().type()).isEqualTo(NestedStackCreated.TYPE);
        for (Receiver.Request request : delivered) {
            assertThat(request.header("Content-Type")).startsWith("application/cloudevents+json");
            assertThat(request.signedWith(secret)).isTrue();
            assertThat(request.signedWith("whsec_not-the-secret")).isFalse();
            assertThat(request.header("Hearth-Subscription")).isEqualTo(created.getString("subscription.id"));
        }
        assertThat(delivered).extracting(request -> Long.parseLong(request.header("Hearth-Signature")
                .split(",")[0].substring(2))).allMatch(t -> Math.abs(t - System.currentTimeMillis() / 1000) < 60);
        assertThat(delivered.get(0).event().specversion()).isEqualTo("1.0");
    }

    @Test
    void aReceiverThatFailsForAWhileGetsEverythingAfterwardsInOrder() throws Exception {
        known(stackStatus(stack, "demo", "flaky", "IN_PROGRESS"));
        Receiver receiver = receiver().answering(n -> n < 3 ? 500 : 200);
        String id = subscribe(Map.of("url", receiver.url(), "stack_ids", List.of(stack)))
                .getString("subscription.id");
        List<CloudEvent> events = new ArrayList<>();
        for (String name : List.of("a", "b", "c", "d", "e")) {
            events.add(resource(stack, "demo", name, "CREATE", "COMPLETE"));
        }
        publish(events.toArray(CloudEvent[]::new));

        await().atMost(WAIT).until(() -> receiver.delivered().size() >= 5);
        assertThat(receiver.requests()).hasSizeGreaterThanOrEqualTo(8);
        // Every failed try was of the lane's head: the first event, until it was taken.
        assertThat(receiver.requests().subList(0, 4)).extracting(request -> request.event().id())
                .containsOnly(events.get(0).id());
        assertThat(receiver.delivered()).extracting(request -> request.event().id())
                .containsExactlyElementsOf(events.stream().map(CloudEvent::id).toList());
        assertThat(receiver.requests().get(3).header("Hearth-Delivery-Attempt")).isEqualTo("4");
        api().get("/subscriptions/" + id + "/dead_letters").then().statusCode(200)
                .body("dead_letters.size()", org.hamcrest.Matchers.is(0));
    }

    @Test
    void aReceiverThatNeverTakesThemEndsWithDeadLettersThatListAndReplay() throws Exception {
        known(stackStatus(stack, "demo", "dead", "IN_PROGRESS"));
        Receiver receiver = receiver().answering(n -> 503);
        String id = subscribe(Map.of("url", receiver.url(), "stack_ids", List.of(stack)))
                .getString("subscription.id");
        int closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.2"))) {
            closed = socket.getLocalPort();
        }
        String nobody = subscribe(Map.of("url", "http://127.0.0.2:" + closed + "/hook", "stack_ids", List.of(stack)))
                .getString("subscription.id");
        CloudEvent first = resource(stack, "demo", "a", "CREATE", "COMPLETE");
        CloudEvent second = resource(stack, "demo", "b", "CREATE", "COMPLETE");
        publish(first, second);

        // Where nothing listens, no try is answered: dead letters with no status and a short reason that tells
        // nothing of the network (refused and closed read the same).
        JsonPath unanswered = await().atMost(WAIT).until(() -> deadLetters(nobody),
                json -> json.getList("dead_letters").size() == 2);
        assertThat(unanswered.getList("dead_letters.event_id")).containsExactly(first.id(), second.id());
        assertThat(unanswered.getList("dead_letters.last_status")).containsExactly(null, null);
        assertThat(unanswered.getString("dead_letters[0].last_error"))
                .isEqualTo("the receiver could not be reached or closed the connection");

        JsonPath letters = await().atMost(WAIT).until(() -> deadLetters(id),
                json -> json.getList("dead_letters").size() == 2);
        assertThat(letters.getList("dead_letters.event_id")).containsExactly(first.id(), second.id());
        assertThat(letters.getList("dead_letters.attempts", Integer.class)).containsExactly(4, 4);
        assertThat(letters.getList("dead_letters.last_status", Integer.class)).containsExactly(503, 503);
        // The receiver's status only: nothing of its answer's body is kept.
        assertThat(letters.getString("dead_letters[0].last_error")).isEqualTo("the receiver answered HTTP 503");
        assertThat(letters.getString("dead_letters[0].event.id")).isEqualTo(first.id());
        // 4 tries each, the second only after the first was given up.
        assertThat(receiver.requests()).extracting(request -> request.event().id())
                .containsExactly(first.id(), first.id(), first.id(), first.id(),
                        second.id(), second.id(), second.id(), second.id());

        receiver.answering(n -> 200);
        String letter = letters.getString("dead_letters[1].id");
        api().post("/subscriptions/" + id + "/dead_letters/" + letter + "/replay").then().statusCode(202)
                .body("replayed", org.hamcrest.Matchers.is(1));
        await().atMost(WAIT).until(() -> receiver.delivered().size() == 1);
        assertThat(receiver.delivered().get(0).event().id()).isEqualTo(second.id());
        api().post("/subscriptions/" + id + "/dead_letters/" + letter + "/replay").then().statusCode(404);

        api().post("/subscriptions/" + id + "/dead_letters/replay").then().statusCode(202)
                .body("replayed", org.hamcrest.Matchers.is(1));
        await().atMost(WAIT).until(() -> receiver.delivered().size() == 2);
        assertThat(receiver.delivered().get(1).event().id()).isEqualTo(first.id());
        assertThat(deadLetters(id).getList("dead_letters")).isEmpty();
    }

    @Test
    void triesAreCountedByOutcomeAndTheQueueAndDeadLettersAreGauged() throws Exception {
        known(stackStatus(stack, "demo", "metered", "IN_PROGRESS"));
        MetricsPage before = MetricsPage.scrape();
        Receiver good = receiver();
        Receiver bad = receiver().answering(n -> 503);
        subscribe(Map.of("url", good.url(), "stack_ids", List.of(stack)));
        String dead = subscribe(Map.of("url", bad.url(), "stack_ids", List.of(stack))).getString("subscription.id");
        publish(resource(stack, "demo", "a", "CREATE", "COMPLETE"));
        await().atMost(WAIT).until(() -> deadLetters(dead).getList("dead_letters").size() == 1);
        await().atMost(WAIT).until(() -> good.delivered().size() == 1);

        // The gauges are refreshed from the database (every 200 ms in tests).
        await().atMost(WAIT).untilAsserted(() -> {
            MetricsPage after = MetricsPage.scrape();
            assertThat(after.increaseSince(before, "hearth_webhooks_deliveries_total{outcome=\"delivered\"}"))
                    .isGreaterThanOrEqualTo(1);
            assertThat(after.increaseSince(before, "hearth_webhooks_deliveries_total{outcome=\"retried\"}"))
                    .as("3 tries failed before the last").isGreaterThanOrEqualTo(3);
            assertThat(after.increaseSince(before, "hearth_webhooks_deliveries_total{outcome=\"dead_lettered\"}"))
                    .isGreaterThanOrEqualTo(1);
            assertThat(after.value("hearth_webhooks_dead_letters")).hasValueSatisfying(
                    rows -> assertThat(rows).isGreaterThanOrEqualTo(1));
            assertThat(after.value("hearth_webhooks_queued")).hasValueSatisfying(
                    rows -> assertThat(rows).isNotNegative());
            assertThat(after.text()).doesNotContain(dead).doesNotContain(stack);
        });
    }

    @Test
    void aSlowReceiverDoesNotDelayAnotherSubscription() throws Exception {
        String second = UUID.randomUUID().toString();
        String third = UUID.randomUUID().toString();
        known(stackStatus(stack, "demo", "s1", "IN_PROGRESS"), stackStatus(second, "demo", "s2", "IN_PROGRESS"),
                stackStatus(third, "demo", "s3", "IN_PROGRESS"));
        Receiver slow = receiver().holding();
        Receiver fast = receiver();
        List<String> stacks = List.of(stack, second, third);
        subscribe(Map.of("url", slow.url(), "stack_ids", stacks));
        subscribe(Map.of("url", fast.url(), "stack_ids", stacks));
        List<CloudEvent> events = new ArrayList<>();
        for (String name : List.of("a", "b")) {
            for (String id : stacks) {
                events.add(resource(id, "demo", name, "CREATE", "COMPLETE"));
            }
        }
        publish(events.toArray(CloudEvent[]::new));

        await().atMost(WAIT).until(() -> fast.delivered().size() == 6 && slow.received() >= 1);
        Thread.sleep(300);
        // The slow one has not answered anything yet, and holds at most its 2 tries in flight.
        assertThat(slow.requests()).isEmpty();
        assertThat(slow.received()).isBetween(1, 2);

        slow.release();
        await().atMost(WAIT).until(() -> slow.delivered().size() == 6);
        for (Receiver receiver : List.of(slow, fast)) {
            for (String id : stacks) {
                assertThat(receiver.delivered()).extracting(Receiver.Request::event)
                        .filteredOn(event -> event.subject().equals(id))
                        .extracting(event -> event.dataAs(ResourceStatusChanged.class).resourceName())
                        .containsExactly("a", "b");
            }
        }
    }

    @Test
    void rotatingTheSecretSignsWithBothSecretsDuringTheGracePeriod() throws Exception {
        known(stackStatus(stack, "demo", "rotate", "IN_PROGRESS"));
        Receiver receiver = receiver();
        JsonPath created = subscribe(Map.of("url", receiver.url(), "stack_ids", List.of(stack)));
        String id = created.getString("subscription.id");
        String old = created.getString("subscription.secret");
        JsonPath rotated = api().post("/subscriptions/" + id + "/rotate").then().statusCode(200).extract().jsonPath();
        String fresh = rotated.getString("subscription.secret");
        assertThat(fresh).isNotEqualTo(old);
        assertThat(rotated.getString("subscription.previous_secret_expires_at")).isNotNull();
        api().get("/subscriptions/" + id).then().statusCode(200)
                .body("subscription.secret", org.hamcrest.Matchers.nullValue());

        publish(resource(stack, "demo", "a", "CREATE", "COMPLETE"));
        await().atMost(WAIT).until(() -> receiver.delivered().size() == 1);
        Receiver.Request request = receiver.delivered().get(0);
        assertThat(request.header("Hearth-Signature").split(",")).hasSize(3);
        assertThat(request.signedWith(fresh)).isTrue();
        assertThat(request.signedWith(old)).isTrue();
    }

    @Test
    void subscriptionsAreTheTenantsOwnAndBadInputIsRefusedPrecisely() throws Exception {
        known(stackStatus(stack, "demo", "mine", "IN_PROGRESS"));
        String id = subscribe(Map.of("url", "https://93.184.216.34/hearth", "stack_ids", List.of(stack),
                "event_types", List.of("*"))).getString("subscription.id");
        api().get("/subscriptions").then().statusCode(200)
                .body("subscriptions.id", org.hamcrest.Matchers.hasItem(id))
                .body("subscriptions.secret", org.hamcrest.Matchers.everyItem(org.hamcrest.Matchers.nullValue()));
        api().get("/subscriptions/" + id).then().statusCode(200).body("subscription.event_types",
                org.hamcrest.Matchers.empty());
        api().contentType(ContentType.JSON).body(Map.of("event_types", List.of("io.hearth.membership.*")))
                .patch("/subscriptions/" + id).then().statusCode(200)
                .body("subscription.event_types", org.hamcrest.Matchers.contains("io.hearth.membership.*"))
                .body("subscription.url", org.hamcrest.Matchers.is("https://93.184.216.34/hearth"));

        // Another tenant: its own URLs find nothing of ours; ours with its token are forbidden.
        for (String path : List.of("/subscriptions/" + id, "/subscriptions/" + id + "/dead_letters")) {
            other().get(path).then().statusCode(404).body("error.type", org.hamcrest.Matchers.is("EntityNotFound"))
                    .body("explanation", org.hamcrest.Matchers.notNullValue());
        }
        other().post("/subscriptions/" + id + "/rotate").then().statusCode(404);
        other().post("/subscriptions/" + id + "/dead_letters/replay").then().statusCode(404);
        other().contentType(ContentType.JSON).body(Map.of("url", "http://93.184.216.35"))
                .patch("/subscriptions/" + id).then().statusCode(404);
        other().delete("/subscriptions/" + id).then().statusCode(404);
        other().get("/subscriptions").then().statusCode(200)
                .body("subscriptions.id", org.hamcrest.Matchers.not(org.hamcrest.Matchers.hasItem(id)));
        given().header("X-Auth-Token", "other-token").get("/v1/demo/subscriptions").then().statusCode(403);
        given().get("/v1/demo/subscriptions").then().statusCode(401);
        // A subscription to another tenant's stack is refused as if the stack did not exist.
        String theirs = UUID.randomUUID().toString();
        known(stackStatus(theirs, "other", "theirs", "IN_PROGRESS"));

        int before = api().get("/subscriptions").then().extract().jsonPath().getList("subscriptions").size();
        refused(Map.of("url", "ftp://example.com/hook"), 400,
                "Invalid url 'ftp://example.com/hook': must be an absolute http or https URL, not scheme 'ftp'");
        refused(Map.of("url", "/hook"), 400,
                "Invalid url '/hook': must be an absolute http or https URL, not a relative one");
        refused(Map.of("stack_ids", List.of(stack)), 400, "url must be specified");
        refused(Map.of("url", "http://93.184.216.34", "event_types", List.of("io.hearth.*.v1")), 400,
                "Invalid event_types: 'io.hearth.*.v1' is not a CloudEvent type (letters, digits and '.', '_', ':',"
                        + " '-') or a prefix of one ending in '*'");
        refused(Map.of("url", "http://93.184.216.34", "event_types", "io.hearth.stack.*"), 400,
                "Invalid event_types: must be a list");
        refused(Map.of("url", "http://93.184.216.34", "stack_ids", List.of("web\u0000")), 400,
                "Invalid stack_ids[0]: must not contain the character U+0000");
        refused(Map.of("url", "http://93.184.216.34", "stack_ids", List.of(theirs)), 404,
                "The Stack (" + theirs + ") could not be found.");
        assertThat(api().get("/subscriptions").then().extract().jsonPath().getList("subscriptions")).hasSize(before);

        api().delete("/subscriptions/" + id).then().statusCode(204);
        api().get("/subscriptions/" + id).then().statusCode(404)
                .body("error.message", org.hamcrest.Matchers.is("Subscription " + id + " could not be found."));
    }

    @Test
    void aTryWhoseNotifierDiedIsMadeAgainOnceItsLeaseEnds() throws Exception {
        known(stackStatus(stack, "demo", "crash", "IN_PROGRESS"));
        Receiver receiver = receiver();
        String id = subscribe(Map.of("url", receiver.url(), "stack_ids", List.of(stack)))
                .getString("subscription.id");
        CloudEvent event = resource(stack, "demo", "a", "CREATE", "COMPLETE");
        publish(event);
        await().atMost(WAIT).until(() -> receiver.delivered().size() == 1);

        // The first try's row is deleted once its answer is written (after the receiver saw the request).
        await().atMost(WAIT).until(() -> pool.preparedQuery("select count(*) from notifier.webhook_delivery"
                + " where subscription_id = $1").execute(Tuple.of(id)).await().indefinitely().iterator().next()
                .getLong(0) == 0);
        // What a notifier killed between the receiver's answer and writing it leaves: the event leased by its
        // first try (here until a second from now), never deleted. The restarted notifier's dispatcher begins with a
        // step (here it is woken, as nothing else announces the row) and takes it once the lease ends.
        pool.preparedQuery("insert into notifier.webhook_delivery (subscription_id, seq, stack_id, root_stack_id,"
                + " type, payload, attempts, due_at, leased_until) select $1, seq, stack_id, root_stack_id, type,"
                + " payload, 1, now() + interval '1 second', now() + interval '1 second' from notifier.client_event"
                + " where payload like $2").execute(Tuple.of(id, "%" + event.id() + "%")).await().indefinitely();
        dispatcher.wakeUp();
        await().atMost(WAIT).until(() -> receiver.delivered().size() == 2);
        assertThat(receiver.delivered()).extracting(request -> request.event().id())
                .containsExactly(event.id(), event.id());
        assertThat(receiver.delivered().get(1).header("Hearth-Delivery-Attempt")).isEqualTo("2");
    }

    private void refused(Map<String, Object> body, int status, String message) {
        api().contentType(ContentType.JSON).body(body).post("/subscriptions").then().statusCode(status)
                .body("error.message", org.hamcrest.Matchers.is(message));
    }

    private Receiver receiver() throws Exception {
        Receiver receiver = Receiver.start();
        receivers.add(receiver);
        return receiver;
    }

    /** Publishes the stacks' first events and waits until the journal knows them (subscriptions name them). */
    private void known(CloudEvent... first) {
        publish(first);
        for (CloudEvent event : first) {
            String tenant = event.data().get("tenant").asText();
            await().atMost(WAIT).until(() -> journal.findStack(tenant, event.subject(), null).await().indefinitely()
                    .isPresent());
        }
    }

    private JsonPath subscribe(Map<String, Object> body) {
        return api().contentType(ContentType.JSON).body(body).post("/subscriptions").then().statusCode(201)
                .contentType(ContentType.JSON).extract().jsonPath();
    }

    private JsonPath deadLetters(String id) {
        return api().get("/subscriptions/" + id + "/dead_letters").then().statusCode(200).extract().jsonPath();
    }

    private io.restassured.specification.RequestSpecification api() {
        return given().header("X-Auth-Token", TOKEN).basePath("/v1/demo");
    }

    private io.restassured.specification.RequestSpecification other() {
        return given().header("X-Auth-Token", "other-token").basePath("/v1/other");
    }

    private void publish(CloudEvent... events) {
        broker.publish(Topics.STACK_EVENTS, events);
    }
}
