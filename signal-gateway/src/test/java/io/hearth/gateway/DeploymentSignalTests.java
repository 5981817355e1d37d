package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.signal.v1.DeploymentProgressed;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.gateway.service.MetadataStore;
import io.hearth.platform.signing.PresignedUrls;
import io.hearth.testsupport.BrokerTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** A hook's signal posted to its deployment's pre-signed URL, as the agent (or Heat's hooks) send it. */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class DeploymentSignalTests {

    @Inject
    PresignedUrls urls;

    @Inject
    MetadataStore store;

    GatewayKafka kafka;
    String stackId;
    String serverId;
    String deploymentId;
    String url;

    @BeforeEach
    void setUp() throws Exception {
        kafka = GatewayKafka.get();
        stackId = UUID.randomUUID().toString();
        serverId = UUID.randomUUID().toString();
        deploymentId = UUID.randomUUID().toString();
        url = signalUrl(deploymentId);
        kafka.metadata(new ServerMetadata(serverId, stackId, "demo", 5,
                List.of(GatewayKafka.item(deploymentId, "wordpress", stackId, "CREATE", 3))));
        await().atMost(Duration.ofSeconds(30)).until(() -> store.deployment(deploymentId) != null);
    }

    @Test
    void signalIsPublishedKeyedByItsStackBeforeItIsAccepted() {
        given().contentType("application/json")
                .body("{\"deploy_stdout\": \"done\\n\", \"deploy_stderr\": \"warn\", \"deploy_status_code\": 0,"
                        + " \"result\": \"ok\", \"numbers\": [1, 2]}")
                .post(url).then().statusCode(200).contentType("application/json")
                .body("status", equalTo("accepted"))
                .body("deployment_id", equalTo(deploymentId))
                .body("action", equalTo("CREATE"))
                .body("generation", equalTo(3));

        GatewayKafka.Published published = kafka.awaitOne(Topics.SIGNALS, this::isMine);
        assertThat(published.key()).isEqualTo(stackId);
        assertThat(published.event().subject()).isEqualTo(stackId);
        DeploymentSignalled signal = published.event().dataAs(DeploymentSignalled.class);
        assertThat(signal.stackId()).isEqualTo(stackId);
        assertThat(signal.serverId()).isEqualTo(serverId);
        assertThat(signal.action()).isEqualTo("CREATE");
        assertThat(signal.generation()).isEqualTo(3);
        assertThat(signal.deployStdout()).isEqualTo("done\n");
        assertThat(signal.deployStderr()).isEqualTo("warn");
        assertThat(signal.deployStatusCode()).isZero();
        assertThat(signal.outputs()).containsOnlyKeys("result", "numbers");
        assertThat(signal.outputs().get("result").asText()).isEqualTo("ok");
        assertThat(signal.outputs().get("numbers").size()).isEqualTo(2);
        assertThat(signal.receivedAt()).isNotNull();
    }

    @Test
    void aSignalAndAProgressReportOnAUrlNamingTheTreeAreKeyedByTheTree() {
        String root = UUID.randomUUID().toString();
        String path = "/v1/signal/trees/" + root + "/deployments/" + deploymentId;
        String treeUrl = path + "?" + urls.sign("POST", path, Instant.now().plusSeconds(600));
        given().body("{\"deploy_status\": \"IN_PROGRESS\", \"deploy_progress\": 50}").post(treeUrl).then()
                .statusCode(200).body("progress", equalTo(true));
        given().body("{\"deploy_status_code\": 0}").post(treeUrl).then().statusCode(200)
                .body("deployment_id", equalTo(deploymentId));

        GatewayKafka.Published published = kafka.awaitOne(Topics.SIGNALS, this::isMine);
        assertThat(published.key()).isEqualTo(root);
        assertThat(published.event().subject()).isEqualTo(stackId);
        assertThat(published.event().dataAs(DeploymentSignalled.class).stackId()).isEqualTo(stackId);
        GatewayKafka.Published progress = kafka.awaitOne(Topics.SIGNALS, p -> DeploymentProgressed.TYPE.equals(
                p.event().type()) && deploymentId.equals(p.data().path("deploymentId").asText()));
        assertThat(progress.key()).isEqualTo(root);
    }

    @Test
    void putIsAcceptedLikePostAndTheAgentsRunOverridesTheDocument() {
        given().contentType("application/json").body("{\"deploy_status_code\": \"2\"}")
                .put(url + "&action=UPDATE&generation=7").then().statusCode(200)
                .body("action", equalTo("UPDATE")).body("generation", equalTo(7));

        DeploymentSignalled signal = kafka.awaitOne(Topics.SIGNALS, this::isMine).event()
                .dataAs(DeploymentSignalled.class);
        assertThat(signal.action()).isEqualTo("UPDATE");
        assertThat(signal.generation()).isEqualTo(7);
        assertThat(signal.deployStatusCode()).isEqualTo(2);
        assertThat(signal.deployStdout()).isNull();
        assertThat(signal.outputs()).isEmpty();
    }

    @Test
    void repeatsArePublishedAgainAndAnEmptyBodyIsAnEmptySignal() {
        given().post(url).then().statusCode(200);
        given().post(url).then().statusCode(200);

        await().atMost(Duration.ofSeconds(30)).until(() -> kafka.matching(Topics.SIGNALS, this::isMine).size() == 2);
    }

    @Test
    void aDeploymentWithoutStackIsKeyedByItsId() throws Exception {
        String loneServer = UUID.randomUUID().toString();
        String lone = UUID.randomUUID().toString();
        kafka.metadata(new ServerMetadata(loneServer, null, "demo", 1,
                List.of(GatewayKafka.item(lone, null, null, "CREATE", 1))));
        await().atMost(Duration.ofSeconds(30)).until(() -> store.deployment(lone) != null);

        given().post(signalUrl(lone)).then().statusCode(200);

        GatewayKafka.Published published = kafka.awaitOne(Topics.SIGNALS,
                p -> lone.equals(p.data().path("deploymentId").asText()));
        assertThat(published.key()).isEqualTo(lone);
        assertThat(published.data().get("stackId").isNull()).isTrue();
    }

    @Test
    void unknownDeploymentIsNotFound() {
        String unknown = UUID.randomUUID().toString();
        given().body("{}").post(signalUrl(unknown)).then().statusCode(404)
                .body("error.type", equalTo("EntityNotFound"))
                .body("error.message", containsString(unknown));
    }

    @Test
    void oversizedMalformedAndNonObjectBodiesAreRefusedAndNothingIsPublished() {
        byte[] oversized = new byte[1024 * 1024 + 1];
        java.util.Arrays.fill(oversized, (byte) ' ');
        given().contentType("application/json").body(oversized).post(url).then().statusCode(413)
                .body("code", equalTo(413)).body("error.type", equalTo("RequestLimitExceeded"));
        given().contentType("application/json").body("{\"deploy_stdout\": ").post(url).then().statusCode(400)
                .body("error.type", equalTo("InvalidJson"));
        given().contentType("application/json").body("[1, 2]").post(url).then().statusCode(400)
                .body("error.message", containsString("object"));
        given().contentType("application/json").body("{\"deploy_status_code\": \"broken\"}").post(url)
                .then().statusCode(400).body("error.message", containsString("deploy_status_code"));
        // Text no database column can store would be lost behind a 200 by the consumer: refused here.
        given().contentType("application/json").body("{\"deploy_stdout\": \"a\\u0000b\"}").post(url)
                .then().statusCode(400)
                .body("error.message", equalTo("Invalid deploy_stdout: must not contain the character U+0000"));
        // Over the server's own limit (quarkus.http.limits.max-body-size): refused before any route, same body.
        given().contentType("application/json").body(new byte[3 * 1024 * 1024]).post(url).then().statusCode(413)
                .body("error.type", equalTo("RequestLimitExceeded"))
                .body("error.message", containsString("exceeds maximum allowed size (2097152 bytes)."));

        assertOnlyTheNextSignalIsPublished();
    }

    /** Sends a valid signal and checks it is the only one of this deployment (same key, same partition). */
    void assertOnlyTheNextSignalIsPublished() {
        given().body("{\"deploy_stdout\": \"marker\"}").post(url).then().statusCode(200);
        kafka.awaitOne(Topics.SIGNALS, p -> isMine(p) && "marker".equals(p.data().path("deployStdout").asText()));
        assertThat(kafka.matching(Topics.SIGNALS, this::isMine)).hasSize(1);
    }

    private boolean isMine(GatewayKafka.Published p) {
        return DeploymentSignalled.TYPE.equals(p.event().type())
                && deploymentId.equals(p.data().path("deploymentId").asText());
    }

    private String signalUrl(String id) {
        String path = "/v1/signal/deployments/" + id;
        return path + "?" + urls.sign("POST", path, Instant.now().plusSeconds(600));
    }
}
