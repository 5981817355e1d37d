package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.nullValue;

import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.gateway.service.MetadataStore;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.BrokerTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.response.Response;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** An agent polling its server's metadata: plain polls, long-polls, check-ins, deleted servers. */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class MetadataEndpointTests {

    @Inject
    PresignedUrls urls;

    @Inject
    MetadataStore store;

    GatewayKafka kafka;
    String stackId;
    String serverId;
    String url;

    @BeforeEach
    void setUp() {
        kafka = GatewayKafka.get();
        stackId = UUID.randomUUID().toString();
        serverId = UUID.randomUUID().toString();
        String path = "/v1/stacks/" + stackId + "/servers/" + serverId + "/metadata";
        url = path + "?" + urls.sign("GET", path, Instant.now().plusSeconds(600));
    }

    @Test
    void aServerWithoutDocumentGetsGenerationZeroAndNoDeployments() {
        given().get(url).then().statusCode(200).contentType("application/json")
                .body("server_id", equalTo(serverId))
                .body("stack_id", equalTo(stackId))
                .body("generation", equalTo(0))
                .body("deployments", empty());
    }

    @Test
    void theDocumentAssembledFromItsRecordsIsTheWholeDocumentOfOldByteForByte() throws Exception {
        String a = "00000000-0000-4000-8000-00000000000a";
        String b = "00000000-0000-4000-8000-00000000000b";
        String c = "00000000-0000-4000-8000-00000000000c";
        String d = "00000000-0000-4000-8000-00000000000d";
        // Records of different deployments arrive in any order: c's, a's rerun, b's, then a's first run late (older:
        // ignored); d is created and leaves the server.
        kafka.deployment(serverId, stackId, c, 3, item(c, "zeta", "2026-01-01T00:00:03Z", 1));
        kafka.deployment(serverId, stackId, a, 5, item(a, "zeta", "2026-01-01T00:00:01Z", 2));
        kafka.deployment(serverId, stackId, b, 2, item(b, "alpha", "2026-01-01T00:00:09Z", 1));
        kafka.deployment(serverId, stackId, a, 1, item(a, "zeta", "2026-01-01T00:00:01Z", 1));
        kafka.deployment(serverId, stackId, d, 4, item(d, "beta", "2026-01-01T00:00:04Z", 1));
        kafka.deployment(serverId, stackId, d, 6, null);
        awaitGeneration(6);

        // What deployment-service published whole before (Heat's order: config name, then creation), as served.
        String expected = "{\"server_id\":\"" + serverId + "\",\"stack_id\":\"" + stackId
                + "\",\"generation\":6,\"deployments\":["
                + "{\"id\":\"run-" + b + "-1\",\"name\":\"alpha\",\"group\":\"script\",\"config\":\"echo hi\","
                + "\"inputs\":[],\"outputs\":[],\"options\":null,\"creation_time\":\"2026-01-01T00:00:09Z\","
                + "\"generation\":1,\"deployment_id\":\"" + b + "\"},"
                + "{\"id\":\"run-" + a + "-2\",\"name\":\"zeta\",\"group\":\"script\",\"config\":\"echo hi\","
                + "\"inputs\":[],\"outputs\":[],\"options\":null,\"creation_time\":\"2026-01-01T00:00:01Z\","
                + "\"generation\":2,\"deployment_id\":\"" + a + "\"},"
                + "{\"id\":\"run-" + c + "-1\",\"name\":\"zeta\",\"group\":\"script\",\"config\":\"echo hi\","
                + "\"inputs\":[],\"outputs\":[],\"options\":null,\"creation_time\":\"2026-01-01T00:00:03Z\","
                + "\"generation\":1,\"deployment_id\":\"" + c + "\"}]}";
        assertThat(given().get(url).then().statusCode(200).extract().asString()).isEqualTo(expected);
    }

    private static io.hearth.contracts.deployment.v1.DeploymentItem item(String deploymentId, String name,
            String created, long generation) {
        return new io.hearth.contracts.deployment.v1.DeploymentItem("run-" + deploymentId + "-" + generation, name,
                "script", com.fasterxml.jackson.databind.node.TextNode.valueOf("echo hi"), List.of(), List.of(), null,
                Instant.parse(created), generation, null, deploymentId);
    }

    @Test
    void pollAnswersTheNewestDocumentWithItsItemsAsPublished() throws Exception {
        String deploymentId = UUID.randomUUID().toString();
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 2,
                List.of(GatewayKafka.item(deploymentId, "app", stackId, "CREATE", 1))));
        awaitGeneration(2);
        // An older document arriving late changes nothing.
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 1, List.of()));
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 3,
                List.of(GatewayKafka.item(deploymentId, "app", stackId, "UPDATE", 2))));
        awaitGeneration(3);

        given().get(url).then().statusCode(200)
                .body("generation", equalTo(3))
                .body("deployments[0].id", equalTo(deploymentId))
                .body("deployments[0].group", equalTo("script"))
                .body("deployments[0].generation", equalTo(2))
                .body("deployments[0].creation_time", equalTo("2026-01-02T03:04:05Z"))
                .body("deployments[0].inputs.find { it.name == 'deploy_action' }.value", equalTo("UPDATE"))
                .body("deployments[0].outputs[0].name", equalTo("result"));
    }

    @Test
    void longPollIsAnsweredWhenANewerGenerationArrives() throws Exception {
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 1, List.of()));
        awaitGeneration(1);

        CompletableFuture<Response> poll = CompletableFuture.supplyAsync(
                () -> given().get(url + "&generation=1&wait=60"));
        await().atMost(Duration.ofSeconds(30)).until(() -> store.waiting(serverId) == 1);
        String deploymentId = UUID.randomUUID().toString();
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 2,
                List.of(GatewayKafka.item(deploymentId, "app", stackId, "CREATE", 1))));

        Response response = poll.get();
        response.then().statusCode(200).body("generation", equalTo(2)).body("deployments[0].id", equalTo(deploymentId));
        assertThat(store.waiting(serverId)).isZero();
    }

    @Test
    void longPollIsAnsweredWithTheCurrentDocumentAtItsTimeout() throws Exception {
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 4, List.of()));
        awaitGeneration(4);

        given().get(url + "&generation=4&wait=1").then().statusCode(200).body("generation", equalTo(4));
        assertThat(store.waiting(serverId)).isZero();
        // An agent behind the document is answered at once whatever it asks to wait.
        given().get(url + "&generation=3&wait=60").then().statusCode(200).body("generation", equalTo(4));
    }

    @Test
    void aDeletedServerIsNotFoundAndItsLongPollsAreAnswered() throws Exception {
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 1, List.of()));
        awaitGeneration(1);
        CompletableFuture<Response> poll = CompletableFuture.supplyAsync(
                () -> given().get(url + "&generation=1&wait=60"));
        await().atMost(Duration.ofSeconds(30)).until(() -> store.waiting(serverId) == 1);

        kafka.tombstone(serverId);

        poll.get().then().statusCode(404).body("error.type", equalTo("EntityNotFound"))
                .body("error.message", containsString("deleted"));
        given().get(url).then().statusCode(404).body("code", equalTo(404));
    }

    @Test
    void firstPollOfABootChecksTheServerInOnce() {
        given().get(url + "&boot_id=boot-1&address=10.0.0.7&agent_version=0.1.0").then().statusCode(200);
        given().get(url + "&boot_id=boot-1&address=10.0.0.7&agent_version=0.1.0").then().statusCode(200);
        given().get(url + "&boot_id=boot-1").then().statusCode(200);
        // The server rebooted: a new boot id checks in again; without an address the caller's is taken.
        given().get(url + "&boot_id=boot-2&agent_version=0.1.0").then().statusCode(200);

        GatewayKafka.Published second = kafka.awaitOne(Topics.SIGNALS, p -> isCheckIn(p, "boot-2"));
        assertThat(second.key()).isEqualTo(stackId);
        assertThat(second.data().get("address").asText()).isEqualTo("127.0.0.1");
        // Same key, same partition: the first boot's check-ins were read before the second's.
        List<GatewayKafka.Published> first = kafka.matching(Topics.SIGNALS, p -> isCheckIn(p, "boot-1"));
        assertThat(first).hasSize(1);
        GatewayKafka.Published checkIn = first.get(0);
        assertThat(checkIn.key()).isEqualTo(stackId);
        assertThat(checkIn.event().subject()).isEqualTo(stackId);
        assertThat(checkIn.event().source()).isEqualTo("/hearth/signal-gateway");
        ServerCheckedIn data = checkIn.event().dataAs(ServerCheckedIn.class);
        assertThat(data.stackId()).isEqualTo(stackId);
        assertThat(data.address()).isEqualTo("10.0.0.7");
        assertThat(data.agentVersion()).isEqualTo("0.1.0");
        assertThat(data.checkedInAt()).isNotNull();
    }

    @Test
    void aNestedStacksServerChecksInKeyedByItsTreeWhenItsUrlNamesTheTree() {
        String root = UUID.randomUUID().toString();
        String path = "/v1/trees/" + root + "/stacks/" + stackId + "/servers/" + serverId + "/metadata";
        given().get(path + "?" + urls.sign("GET", path, Instant.now().plusSeconds(600)) + "&boot_id=boot-1")
                .then().statusCode(200).body("server_id", equalTo(serverId)).body("stack_id", equalTo(stackId));

        GatewayKafka.Published checkIn = kafka.awaitOne(Topics.SIGNALS, p -> isCheckIn(p, "boot-1"));
        assertThat(checkIn.key()).isEqualTo(root);
        assertThat(checkIn.event().subject()).isEqualTo(stackId);
        assertThat(checkIn.event().dataAs(ServerCheckedIn.class).stackId()).isEqualTo(stackId);
        // The tree is in the signed path: naming another tree with the same signature is refused.
        String other = "/v1/trees/" + UUID.randomUUID() + "/stacks/" + stackId + "/servers/" + serverId + "/metadata";
        given().get(other + "?" + urls.sign("GET", path, Instant.now().plusSeconds(600))).then().statusCode(403);
    }

    @Test
    void aDocumentAskingForACheckIsReportedOnceWhenAPollIsServedIt() throws Exception {
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 1, List.of()));
        awaitGeneration(1);
        CompletableFuture<Response> poll = CompletableFuture.supplyAsync(
                () -> given().get(url + "&generation=1&wait=60&boot_id=boot-9"));
        await().atMost(Duration.ofSeconds(30)).until(() -> store.waiting(serverId) == 1);
        // A stack CHECK: the document asks for one; the held long-poll is answered with it and that is reported.
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 2, List.of(), "check-1"));
        poll.get().then().statusCode(200).body("generation", equalTo(2)).body("check", equalTo("check-1"));
        GatewayKafka.Published answered = kafka.awaitOne(Topics.SIGNALS, p -> "check-1".equals(
                p.data().path("check").asText(null)));
        assertThat(answered.key()).isEqualTo(stackId);
        ServerCheckedIn data = answered.event().dataAs(ServerCheckedIn.class);
        assertThat(data.serverId()).isEqualTo(serverId);
        assertThat(data.bootId()).isEqualTo("boot-9");
        // Later polls of the same document report nothing more; any poller counts (no boot id: os-collect-config).
        given().get(url).then().statusCode(200).body("check", equalTo("check-1"));
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 3, List.of(), "check-2"));
        awaitGeneration(3);
        given().get(url).then().statusCode(200).body("check", equalTo("check-2"));
        kafka.awaitOne(Topics.SIGNALS, p -> "check-2".equals(p.data().path("check").asText(null)));
        assertThat(kafka.matching(Topics.SIGNALS, p -> "check-1".equals(p.data().path("check").asText(null))))
                .hasSize(1);
    }

    @Test
    void badParametersAndOtherMethodsAreRefused() {
        given().get(url + "&generation=abc").then().statusCode(400).body("error.message", containsString("generation"));
        given().post(url).then().statusCode(405).body("error.type", equalTo("MethodNotAllowed"));
        given().get(url).then().statusCode(200).body("error", nullValue());
    }

    private boolean isCheckIn(GatewayKafka.Published p, String bootId) {
        return ServerCheckedIn.TYPE.equals(p.event().type()) && serverId.equals(p.data().path("serverId").asText())
                && bootId.equals(p.data().path("bootId").asText());
    }

    private void awaitGeneration(long generation) {
        await().atMost(Duration.ofSeconds(30)).until(() -> store.server(serverId) != null
                && store.server(serverId).generation() == generation);
    }
}
