package io.hearth.notifier.webhook;

import static io.hearth.notifier.StackEvents.resource;
import static io.hearth.notifier.StackEvents.stackStatus;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.is;
import static org.hamcrest.Matchers.startsWith;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.notifier.StackEvents;
import io.hearth.notifier.journal.JournalReader;
import io.hearth.platform.sql.ColumnArrays;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.path.json.JsonPath;
import io.restassured.specification.RequestSpecification;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a hostile tenant tried on webhooks: receivers inside the system are refused (the test profile allows only
 * 127.0.0.2, where the tests' receivers listen), a receiver that cannot be sent to holds nobody else's deliveries, a
 * tenant's subscriptions are bounded and listed a page at a time, and a tenant with many busy subscriptions does not
 * push another tenant's deliveries back.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class WebhookSafetyTests {

    private static final Duration WAIT = Duration.ofSeconds(30);

    @Inject
    JournalReader journal;

    @Inject
    DeliveryQueue queue;

    @Inject
    Pool pool;

    @RegisterExtension
    final StackEvents broker = new StackEvents();

    private final List<Receiver> receivers = new ArrayList<>();
    private final String stack = UUID.randomUUID().toString();

    @AfterEach
    void close() {
        receivers.forEach(Receiver::close);
    }

    @Test
    void internalReceiversAreRefusedAndChangeNothing() throws Exception {
        known(stackStatus(stack, "demo", "safe", "IN_PROGRESS"));
        Receiver receiver = Receiver.start();
        receivers.add(receiver);
        String id = subscribe(receiver.url()).getString("subscription.id");
        int before = count();
        for (String url : List.of("http://127.0.0.1:8005/", "http://localhost:8007/v1/demo/subscriptions",
                "http://0.0.0.0:9092/", "http://[::ffff:127.0.0.1]:5432/", "http://[::1]/", "http://10.0.0.1/",
                "http://169.254.169.254/latest/meta-data/", "http://127.0.0.2.nip.io.invalid/")) {
            api().contentType(ContentType.JSON).body(Map.of("url", url)).post("/subscriptions").then()
                    .statusCode(400).body("error.type", is("BadRequest"))
                    .body("error.message", startsWith("Invalid url '" + url + "': host "));
            api().contentType(ContentType.JSON).body(Map.of("url", url)).patch("/subscriptions/" + id).then()
                    .statusCode(400).body("error.message", startsWith("Invalid url '" + url + "': host "));
        }
        api().contentType(ContentType.JSON).body(Map.of("url", "http://2130706433/")).post("/subscriptions").then()
                .statusCode(400).body("error.message", is("Invalid url 'http://2130706433/': host '2130706433' is"
                        + " not a DNS name, a dotted IPv4 address or a bracketed IPv6 address"));
        api().contentType(ContentType.JSON).body(Map.of("url", "http://127.0.0.2:99999/")).post("/subscriptions")
                .then().statusCode(400)
                .body("error.message", is("Invalid url 'http://127.0.0.2:99999/': port 99999 is outside 1-65535"));
        assertThat(count()).isEqualTo(before);
        api().get("/subscriptions/" + id).then().statusCode(200).body("subscription.url", is(receiver.url()));
    }

    @Test
    void aReceiverThatCannotBeSentToHoldsNobodyElsesDeliveries() throws Exception {
        known(stackStatus(stack, "demo", "mixed", "IN_PROGRESS"));
        // Subscriptions made before the rule was enforced (or whose host moved inside since): an impossible port,
        // an internal service.
        String badPort = stored("http://127.0.0.1:99999/");
        String inside = stored("http://127.0.0.1:8005/");
        Receiver receiver = Receiver.start();
        receivers.add(receiver);
        String secret = subscribe(receiver.url()).getString("subscription.secret");
        CloudEvent first = resource(stack, "demo", "a", "CREATE", "COMPLETE");
        CloudEvent second = resource(stack, "demo", "b", "CREATE", "COMPLETE");
        broker.publish(Topics.STACK_EVENTS, first, second);

        await().atMost(WAIT).until(() -> receiver.delivered().size() == 2);
        assertThat(receiver.delivered()).extracting(request -> request.event().id())
                .containsExactly(first.id(), second.id());
        for (Receiver.Request request : receiver.delivered()) {
            assertThat(request.signedWith(secret)).isTrue();
        }
        // Each bad one ends as dead letters with a reason, nothing left leased.
        for (String bad : List.of(badPort, inside)) {
            JsonPath letters = await().atMost(WAIT).until(() -> api().get("/subscriptions/" + bad + "/dead_letters")
                    .then().statusCode(200).extract().jsonPath(), json -> json.getList("dead_letters").size() == 2);
            assertThat(letters.getString("dead_letters[0].last_error")).startsWith("Invalid url 'http://127.0.0.1:");
            assertThat(letters.getList("dead_letters.last_status")).containsOnlyNulls();
            assertThat(pool.preparedQuery("select count(*) from notifier.webhook_delivery where subscription_id = $1")
                    .execute(Tuple.of(bad)).await().indefinitely().iterator().next().getLong(0)).isZero();
        }
        assertThat(letterCount(inside)).isEqualTo(2);
    }

    @Test
    void aTenantsSubscriptionsAreBoundedAndListedAPageAtATime() {
        String tenant = "quota";
        List<String> made = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            made.add(as(tenant).contentType(ContentType.JSON).body(Map.of("url", "https://93.184.216.34/" + i))
                    .post("/subscriptions").then().statusCode(201).extract().path("subscription.id"));
        }
        as(tenant).contentType(ContentType.JSON).body(Map.of("url", "https://93.184.216.34/one-more"))
                .post("/subscriptions").then().statusCode(400).body("error.type", is("RequestLimitExceeded"))
                .body("error.message", is("Request limit exceeded: You have reached the maximum subscriptions per"
                        + " tenant, 100. Please delete some subscriptions."));

        List<String> listed = new ArrayList<>();
        String marker = null;
        do {
            RequestSpecification page = as(tenant).queryParam("limit", 30);
            if (marker != null) {
                page.queryParam("marker", marker);
            }
            List<String> ids = page.get("/subscriptions").then().statusCode(200).extract()
                    .jsonPath().getList("subscriptions.id");
            assertThat(ids.size()).isLessThanOrEqualTo(30);
            listed.addAll(ids);
            marker = ids.size() < 30 ? null : ids.get(ids.size() - 1);
        } while (marker != null);
        assertThat(listed).containsExactlyElementsOf(made);
        assertThat(as(tenant).get("/subscriptions").then().statusCode(200).extract().jsonPath()
                .getList("subscriptions")).hasSize(100);
        as(tenant).queryParam("limit", "ten").get("/subscriptions").then().statusCode(400)
                .body("error.message", is("Only integer is acceptable by 'limit'."));
        as(tenant).queryParam("marker", "nothing").get("/subscriptions").then().statusCode(404)
                .body("error.message", is("Subscription nothing could not be found."));

        as(tenant).delete("/subscriptions/" + made.get(0)).then().statusCode(204);
        as(tenant).contentType(ContentType.JSON).body(Map.of("url", "https://93.184.216.34/again"))
                .post("/subscriptions").then().statusCode(201);
        made.forEach(id -> as(tenant).delete("/subscriptions/" + id));
    }

    @Test
    void aClaimTakesEveryTenantsTurnBeforeAnyTenantsSecond() {
        // Due an hour from now, so that only this claim (at that time) sees them, not the running dispatcher.
        Instant due = Instant.now().plus(Duration.ofHours(1));
        List<String> busy = new ArrayList<>();
        for (int i = 0; i < 2 * DeliveryQueue.SUBSCRIPTIONS; i++) {
            busy.add(queued("busy", due, due.minus(Duration.ofHours(2))));
        }
        // Claimed more recently than every one of the busy tenant's: round-robin per subscription would put it last.
        String calm = queued("calm", due, due.minus(Duration.ofMinutes(1)));
        try {
            List<Delivery> claims = queue.claim(due.plusSeconds(1), 4, due.plusSeconds(60)).await().indefinitely();
            assertThat(claims).extracting(Delivery::subscriptionId).contains(calm);
            assertThat(claims).hasSizeLessThanOrEqualTo(DeliveryQueue.SUBSCRIPTIONS);
        } finally {
            pool.preparedQuery("delete from notifier.webhook_subscription where tenant in ('busy', 'calm')")
                    .execute().await().indefinitely();
        }
    }

    /** A subscription of the tenant with one queued event due at {@code due}, last claimed at {@code claimed}. */
    private String queued(String tenant, Instant due, Instant claimed) {
        String id = stored(tenant, "http://127.0.0.2:9/", claimed);
        pool.preparedQuery("insert into notifier.webhook_delivery (subscription_id, seq, stack_id, root_stack_id, type,"
                + " payload, due_at) values ($1, 1, 's', 's', 't', '{\"id\":\"x\"}', $2)")
                .execute(Tuple.of(id, ColumnArrays.time(due))).await().indefinitely();
        return id;
    }

    private String stored(String url) {
        return stored("demo", url, null);
    }

    /** A subscription written as it is, past the API's checks (deliveries from the journal's head on). */
    private String stored(String tenant, String url, Instant claimed) {
        String id = UUID.randomUUID().toString();
        pool.preparedQuery("insert into notifier.webhook_subscription (id, tenant, url, event_types, stack_ids, secret,"
                + " journal_cursor, claimed_at) values ($1, $2, $3, '{}', $4, 'whsec_test',"
                + " (select coalesce(max(seq), 0) from notifier.client_event), $5)")
                .execute(Tuple.of(id, tenant, url, new String[] {stack},
                        claimed == null ? null : ColumnArrays.time(claimed))).await().indefinitely();
        return id;
    }

    private long letterCount(String subscription) {
        return pool.preparedQuery("select count(*) from notifier.webhook_dead_letter where subscription_id = $1")
                .execute(Tuple.of(subscription)).await().indefinitely().iterator().next().getLong(0);
    }

    private int count() {
        return api().get("/subscriptions").then().statusCode(200).extract().jsonPath().getList("subscriptions").size();
    }

    private void known(CloudEvent... first) {
        broker.publish(Topics.STACK_EVENTS, first);
        for (CloudEvent event : first) {
            await().atMost(WAIT).until(() -> journal.findStack("demo", event.subject(), null).await().indefinitely()
                    .isPresent());
        }
    }

    private JsonPath subscribe(String url) {
        return api().contentType(ContentType.JSON).body(Map.of("url", url, "stack_ids", List.of(stack)))
                .post("/subscriptions").then().statusCode(201).extract().jsonPath();
    }

    private static RequestSpecification api() {
        return as("demo");
    }

    private static RequestSpecification as(String tenant) {
        return given().header("X-Auth-Token", tenant.equals("demo") ? "hearth-dev-token" : tenant + "-token")
                .basePath("/v1/" + tenant);
    }
}
