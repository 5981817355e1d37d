package io.hearth.deployment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.signal.v1.DeploymentProgressed;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.MetricsPage;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ad-hoc actions, progress and cancel on a deployment made through the API, as a user and the agent see them: the
 * API's answers, the server's metadata on {@code hearth.server.metadata}, the deployment's events on
 * {@code hearth.stack.events}, with the gateway's signals and progress reports sent over {@code hearth.signals}.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class DeploymentActionTests {

    private static final String TOKEN = "hearth-dev-token";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    @RegisterExtension
    final TopicRecords events = new TopicRecords(Topics.STACK_EVENTS);

    private final String server = "server-" + UUID.randomUUID();

    @Test
    void anAdHocActionRunsOnceWithItsOwnInputsAndIsRecordedAsARun() {
        String id = completed(deploy(config("[{\"name\": \"target\", \"default\": \"/srv\"}]"), "{\"level\": 1}"));

        JsonNode started = act(id, "{\"action\": \"BACKUP\", \"input_values\": {\"target\": \"/backup\"}}", 200);
        assertThat(started.path("action").asText()).isEqualTo("BACKUP");
        assertThat(started.path("status").asText()).isEqualTo("IN_PROGRESS");
        assertThat(started.path("generation").asLong()).isEqualTo(2);
        assertThat(started.path("input_values")).isEqualTo(HearthJson.readTree("{\"level\": 1}"));
        DeploymentItem item = item(id, 2);
        assertThat(input(item, "deploy_action")).isEqualTo("BACKUP");
        assertThat(input(item, "target")).isEqualTo("/backup");
        assertThat(input(item, "level")).isEqualTo("1");
        assertThat(item.cancelled()).isNull();

        assertThat(message(post(id, "{\"action\": \"BACKUP\"}"), 409))
                .isEqualTo("Deployment " + id + " is IN_PROGRESS (BACKUP, generation 2): wait for it to end, or cancel it");
        signal(id, "BACKUP", 2, 0, Map.of("archive", TextNode.valueOf("/backup/1.tar")));
        await().atMost(WAIT).until(() -> "COMPLETE".equals(show(id).path("status").asText()));

        JsonNode runs = get("/v1/demo/software_deployments/" + id + "/runs", 200).path("runs");
        assertThat(runs).hasSize(1);
        JsonNode run = runs.get(0);
        assertThat(run.path("action").asText()).isEqualTo("BACKUP");
        assertThat(run.path("generation").asLong()).isEqualTo(2);
        assertThat(run.path("input_values")).isEqualTo(HearthJson.readTree("{\"target\": \"/backup\"}"));
        assertThat(run.path("status").asText()).isEqualTo("COMPLETE");
        assertThat(run.path("output_values").path("archive").asText()).isEqualTo("/backup/1.tar");
        assertThat(statuses(id)).extracting(s -> s.action() + " " + s.generation() + " " + s.status())
                .contains("BACKUP 2 IN_PROGRESS", "BACKUP 2 COMPLETE");

        act(id, "{\"action\": \"ROTATE-KEYS\"}", 200);
        DeploymentItem next = item(id, 3);
        assertThat(input(next, "deploy_action")).isEqualTo("ROTATE-KEYS");
        assertThat(input(next, "target")).as("the BACKUP run's values were for it only").isEqualTo("/srv");
        assertThat(get("/v1/demo/software_deployments/" + id + "/runs", 200).path("runs")).hasSize(2);
    }

    @Test
    void badRequestsAreRefusedWithHeatsErrorBodyAndChangeNothing() {
        String id = completed(deploy(config("[]"), "{}"));

        assertThat(message(post(id, "{\"action\": \"backup now\"}"), 400)).isEqualTo("Invalid action: \"backup now\""
                + " must be 1 to 64 upper case letters, digits, '_' or '-', starting with a letter");
        assertThat(message(post(id, "{\"action\": \"UPDATE\"}"), 400))
                .isEqualTo("Invalid action: UPDATE is a lifecycle action of the stack, not an ad-hoc one");
        assertThat(message(post(id, "{}"), 400)).isEqualTo("action must be specified");
        assertThat(message(post(id, "{\"action\": \"BACKUP\", \"input_values\": [1]}"), 400))
                .isEqualTo("Invalid input_values: must be a map, not a list");
        assertThat(message(request("other-token").contentType(ContentType.JSON).body("{\"action\": \"BACKUP\"}")
                .post("/v1/other/software_deployments/" + id + "/actions"), 404))
                .isEqualTo("Deployment with id " + id + " not found");
        String unknown = UUID.randomUUID().toString();
        assertThat(message(post(unknown, "{\"action\": \"BACKUP\"}"), 404))
                .isEqualTo("Deployment with id " + unknown + " not found");
        assertThat(message(post(id, "{\"action\": \"CANCEL\"}"), 409))
                .isEqualTo("Deployment " + id + " is not in progress (CREATE COMPLETE): there is nothing to cancel");

        JsonNode after = show(id);
        assertThat(after.path("generation").asLong()).isEqualTo(1);
        assertThat(after.path("status").asText()).isEqualTo("COMPLETE");
        assertThat(get("/v1/demo/software_deployments/" + id + "/runs", 200).path("runs")).isEmpty();
    }

    @Test
    void progressReportsShowWhileTheRunGoesOnAndCancelFailsItAndTellsTheAgent() {
        String id = completed(deploy(config("[]"), "{}"));
        act(id, "{\"action\": \"BACKUP\"}", 200);

        progress(id, "BACKUP", 2, "copied 4 of 10 tables", 40);
        await().atMost(WAIT).until(() -> show(id).path("progress").asInt() == 40);
        JsonNode running = show(id);
        assertThat(running.path("status").asText()).isEqualTo("IN_PROGRESS");
        assertThat(running.path("status_reason").asText()).isEqualTo("copied 4 of 10 tables");
        progress(id, "BACKUP", 1, "an older run", 90);
        progress(id, "BACKUP", 2, "copied 8 of 10 tables", 80);
        await().atMost(WAIT).until(() -> show(id).path("progress").asInt() == 80);
        // the row is committed before the relay publishes its status: wait for the record too
        await().atMost(WAIT).until(() -> statuses(id).stream().anyMatch(s -> Integer.valueOf(80).equals(s.progress())));
        assertThat(statuses(id)).filteredOn(s -> s.progress() != null).extracting(DeploymentStatusChanged::progress)
                .containsExactly(40, 80);

        JsonNode cancelled = act(id, "{\"action\": \"CANCEL\"}", 200);
        assertThat(cancelled.path("status").asText()).isEqualTo("FAILED");
        assertThat(cancelled.path("status_reason").asText()).isEqualTo("cancelled");
        assertThat(item(id, 2).cancelled()).isTrue();
        assertThat(get("/v1/demo/software_deployments/" + id + "/runs", 200).path("runs").get(0)
                .path("status_reason").asText()).isEqualTo("cancelled");

        signal(id, "BACKUP", 2, 0, Map.of()); // the killed hook's signal comes too late
        progress(id, "BACKUP", 2, "too late", 100);
        assertThat(message(post(id, "{\"action\": \"CANCEL\"}"), 409))
                .isEqualTo("Deployment " + id + " is not in progress (BACKUP FAILED): there is nothing to cancel");
        await().during(Duration.ofSeconds(1)).atMost(WAIT).until(() -> "cancelled".equals(show(id)
                .path("status_reason").asText()));
    }

    @Test
    void runsAreCountedAndTimedByActionAndOutcomeAndSignalsByTheirLatency() {
        MetricsPage before = MetricsPage.scrape();
        String completeRuns = "hearth_deployment_runs_total{action=\"AD_HOC\",outcome=\"complete\"}";
        String cancelledRuns = "hearth_deployment_runs_total{action=\"AD_HOC\",outcome=\"cancelled\"}";
        String createRuns = "hearth_deployment_runs_total{action=\"CREATE\",outcome=\"complete\"}";
        String latency = "hearth_signal_apply_latency_seconds_count{type=\"" + DeploymentSignalled.TYPE + "\"}";
        String id = completed(deploy(config("[]"), "{}"));
        act(id, "{\"action\": \"BACKUP\"}", 200);
        signal(id, "BACKUP", 2, 0, Map.of());
        await().atMost(WAIT).until(() -> "COMPLETE".equals(show(id).path("status").asText()));
        act(id, "{\"action\": \"BACKUP\"}", 200);
        act(id, "{\"action\": \"CANCEL\"}", 200);

        MetricsPage after = MetricsPage.scrape();
        assertThat(after.increaseSince(before, createRuns)).isEqualTo(1);
        assertThat(after.increaseSince(before, completeRuns)).as("the ad-hoc action's name is no label").isEqualTo(1);
        assertThat(after.increaseSince(before, cancelledRuns)).isEqualTo(1);
        assertThat(after.increaseSince(before, latency)).as("its two signals").isGreaterThanOrEqualTo(2);
        assertThat(after.has("hearth_deployment_run_duration_seconds_bucket{action=\"AD_HOC\",outcome=\"complete\",le="))
                .as("a histogram").isTrue();
        assertThat(after.text()).doesNotContain(id).doesNotContain("BACKUP").doesNotContain(server);
    }

    // ------------------------------------------------------------------ helpers

    private String config(String inputs) {
        return json(request(TOKEN).contentType(ContentType.JSON).body("""
                {"name": "backup", "group": "script", "config": "run", "inputs": %s, "outputs": [{"name": "archive"}]}"""
                .formatted(inputs)).post("/v1/demo/software_configs"), 200).path("software_config").path("id").asText();
    }

    private String deploy(String config, String inputs) {
        return json(request(TOKEN).contentType(ContentType.JSON).body("""
                {"config_id": "%s", "server_id": "%s", "action": "CREATE", "input_values": %s}"""
                .formatted(config, server, inputs)).post("/v1/demo/software_deployments"), 200)
                .path("software_deployment").path("id").asText();
    }

    /** The deployment, once its CREATE signal completed it. */
    private String completed(String id) {
        signal(id, "CREATE", 1, 0, Map.of());
        await().atMost(WAIT).until(() -> "COMPLETE".equals(show(id).path("status").asText()));
        return id;
    }

    private void signal(String id, String action, long generation, int code, Map<String, JsonNode> outputs) {
        publish(id, new DeploymentSignalled(null, id, server, action, generation, "out", "err", code, outputs,
                Instant.now()));
    }

    private void progress(String id, String action, long generation, String message, int percent) {
        publish(id, new DeploymentProgressed(null, id, server, action, generation, message, percent, Instant.now()));
    }

    private void publish(String key, Object event) {
        events.publish(Topics.SIGNALS, key, CloudEvent.of("/hearth/signal-gateway", key, event).toJson());
    }

    private JsonNode act(String id, String body, int status) {
        return json(post(id, body), status).path("software_deployment");
    }

    private Response post(String id, String body) {
        return request(TOKEN).contentType(ContentType.JSON).body(body)
                .post("/v1/demo/software_deployments/" + id + "/actions");
    }

    private JsonNode show(String id) {
        return get("/v1/demo/software_deployments/" + id, 200).path("software_deployment");
    }

    /** The deployment's item in the server's latest document, once that lists the deployment's generation. */
    private DeploymentItem item(String id, long generation) {
        return await().atMost(WAIT).until(() -> metadata.latest(server) == null ? null : metadata.latest(server)
                .deployments().stream().filter(i -> i.deploymentId().equals(id) && i.generation() == generation)
                .findFirst().orElse(null), i -> i != null);
    }

    private static String input(DeploymentItem item, String name) {
        return ServerMetadataFeed.input(item, name).asText();
    }

    private List<DeploymentStatusChanged> statuses(String id) {
        return events.records().stream().filter(r -> id.equals(r.key()))
                .flatMap(r -> CloudEvent.parseAll(r.value()).stream())
                .filter(e -> DeploymentStatusChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(DeploymentStatusChanged.class)).toList();
    }

    private static JsonNode get(String path, int status) {
        return json(request(TOKEN).get(path), status);
    }

    private static io.restassured.specification.RequestSpecification request(String token) {
        return given().header("X-Auth-Token", token);
    }

    private static JsonNode json(Response response, int status) {
        response.then().statusCode(status);
        return HearthJson.readTree(response.asString());
    }

    private static String message(Response response, int status) {
        return json(response, status).path("error").path("message").asText();
    }
}
