package io.hearth.gateway;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
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

/**
 * A running hook's progress reports on its deployment's pre-signed signal URL ({@code "deploy_status": "IN_PROGRESS"}):
 * published as {@code DeploymentProgressed}, any number of times, never as the run's terminal signal.
 */
@QuarkusTest
@WithTestResource(BrokerTestResource.class)
class ProgressSignalTests {

    @Inject
    PresignedUrls urls;

    @Inject
    MetadataStore store;

    GatewayKafka kafka;
    String stackId;
    String deploymentId;
    String url;

    @BeforeEach
    void setUp() throws Exception {
        kafka = GatewayKafka.get();
        stackId = UUID.randomUUID().toString();
        deploymentId = UUID.randomUUID().toString();
        String path = "/v1/signal/deployments/" + deploymentId;
        url = path + "?" + urls.sign("POST", path, Instant.now().plusSeconds(600));
        kafka.metadata(new ServerMetadata(UUID.randomUUID().toString(), stackId, "demo", 1,
                List.of(GatewayKafka.item(deploymentId, "backup", stackId, "CREATE", 1))));
        await().atMost(Duration.ofSeconds(30)).until(() -> store.deployment(deploymentId) != null);
    }

    @Test
    void progressReportsArePublishedAsProgressAndTheTerminalSignalStillAsASignal() {
        for (int percent : new int[] {40, 80}) {
            given().contentType("application/json").body("{\"deploy_status\": \"IN_PROGRESS\", \"deploy_status_reason\":"
                    + " \"copied " + percent + "%\", \"deploy_progress\": " + percent + "}")
                    .post(url + "&action=BACKUP&generation=2").then().statusCode(200)
                    .body("status", equalTo("accepted")).body("progress", equalTo(true))
                    .body("action", equalTo("BACKUP")).body("generation", equalTo(2));
        }
        given().contentType("application/json").body("{\"deploy_status\": \"IN_PROGRESS\"}").post(url)
                .then().statusCode(200);
        await().atMost(Duration.ofSeconds(30)).until(() -> kafka.matching(Topics.SIGNALS, this::progress).size() == 3);
        List<DeploymentProgressed> reports = kafka.matching(Topics.SIGNALS, this::progress).stream()
                .map(p -> p.event().dataAs(DeploymentProgressed.class)).toList();
        assertThat(reports).extracting(DeploymentProgressed::message)
                .containsExactly("copied 40%", "copied 80%", null);
        assertThat(reports).extracting(DeploymentProgressed::progress).containsExactly(40, 80, null);
        assertThat(reports.get(0).action()).isEqualTo("BACKUP");
        assertThat(reports.get(0).generation()).isEqualTo(2);
        assertThat(reports.get(2).action()).as("the document's, without parameters").isEqualTo("CREATE");
        assertThat(kafka.matching(Topics.SIGNALS, p -> p.key().equals(stackId) && progress(p))).hasSize(3);
        assertThat(kafka.matching(Topics.SIGNALS, this::terminal)).isEmpty();

        // Any other deploy_status is an output of a terminal signal, as it was before progress reports.
        given().contentType("application/json").body("{\"deploy_status_code\": 0, \"deploy_status\": \"COMPLETE\"}")
                .post(url).then().statusCode(200).body("progress", equalTo(null));
        DeploymentSignalled signal = kafka.awaitOne(Topics.SIGNALS, this::terminal).event()
                .dataAs(DeploymentSignalled.class);
        assertThat(signal.outputs().get("deploy_status").asText()).isEqualTo("COMPLETE");
    }

    @Test
    void aBadProgressIsRefusedAndNothingIsPublished() {
        given().contentType("application/json").body("{\"deploy_status\": \"IN_PROGRESS\", \"deploy_progress\": 101}")
                .post(url).then().statusCode(400).body("error.type", equalTo("InvalidSignal"))
                .body("error.message", equalTo("deploy_progress must be an integer from 0 to 100, got 101"));
        given().contentType("application/json").body("{\"deploy_status\": \"IN_PROGRESS\", \"deploy_progress\": \"x\"}")
                .post(url).then().statusCode(400)
                .body("error.message", equalTo("deploy_progress must be an integer, got \"x\""));
        given().contentType("application/json").body("{\"deploy_status\": \"IN_PROGRESS\", \"deploy_status_reason\": \""
                + "m".repeat(4097) + "\"}").post(url).then().statusCode(400)
                .body("error.message", equalTo("deploy_status_reason must be at most 4096 characters, not 4097"));

        given().contentType("application/json").body("{\"deploy_status\": \"IN_PROGRESS\", \"deploy_progress\": \"7\"}")
                .post(url).then().statusCode(200);
        kafka.awaitOne(Topics.SIGNALS, this::progress);
        assertThat(kafka.matching(Topics.SIGNALS, this::progress)).hasSize(1);
        assertThat(kafka.matching(Topics.SIGNALS, this::progress).get(0).data().path("progress").asInt()).isEqualTo(7);
    }

    private boolean progress(GatewayKafka.Published p) {
        return DeploymentProgressed.TYPE.equals(p.event().type())
                && deploymentId.equals(p.data().path("deploymentId").asText());
    }

    private boolean terminal(GatewayKafka.Published p) {
        return DeploymentSignalled.TYPE.equals(p.event().type())
                && deploymentId.equals(p.data().path("deploymentId").asText());
    }
}
