package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Software deployments as stack resources over the real topics and database: the test plays the compute
 * driver (reads {@code hearth.compute.servers}), the agent (reads {@code hearth.server.metadata}) and the
 * signal gateway (sends check-ins and deployment signals to {@code hearth.signals}).
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class SoftwareDeploymentStackTests {

    private static final String GATEWAY = "/hearth/signal-gateway";

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final TopicRecords compute = new TopicRecords(Topics.COMPUTE_SERVERS);

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    /** A server, a script config with an input and an output, and two deployments, the second fed by the first. */
    private static StackPlan twoDeployments() {
        return plan(List.of(
                resource("server", "OS::Nova::Server", """
                        {"image": "fedora", "flavor": "m1.small", "user_data_format": "SOFTWARE_CONFIG"}"""),
                resource("config", "OS::Heat::SoftwareConfig", """
                        {"group": "script", "config": "#!/bin/sh\\necho $foo",
                         "inputs": [{"name": "foo"}], "outputs": [{"name": "result"}]}"""),
                resource("first", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "input_values": {"foo": "one"}}""", "config", "server"),
                resource("second", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "input_values": {"foo": {"get_attr": ["first", "result"]}}}""", "config", "server",
                        "first")),
                "first_result", "{\"get_attr\": [\"first\", \"result\"]}",
                "second_result", "{\"get_attr\": [\"second\", \"result\"]}",
                "second_stdout", "{\"get_attr\": [\"second\", \"deploy_stdout\"]}",
                "second_code", "{\"get_attr\": [\"second\", \"deploy_status_code\"]}");
    }

    @Test
    void deploymentsRunInOrderOnTheirServerAndTheirOutputsFeedTheNextAndTheStack() {
        String id = UUID.randomUUID().toString();
        String serverId = createdAndCheckedIn(id, twoDeployments());

        // The first deployment reaches the server's metadata; the second waits for it.
        DeploymentItem first = metadata.awaitItems(serverId, 1).get(0);
        assertThat(first.generation()).isEqualTo(1);
        assertThat(input(first, "foo")).isEqualTo(HearthJson.readTree("\"one\""));
        assertThat(input(first, "deploy_action").asText()).isEqualTo("CREATE");
        // The resource's event travels on another topic than the metadata: it may be read a moment later.
        await().atMost(WAIT).untilAsserted(() ->
                assertThat(driver.statesOf(id, "first")).containsExactly("CREATE_IN_PROGRESS"));
        assertThat(driver.statesOf(id, "second")).isEmpty();

        signal(id, serverId, first, 0, "ran one", Map.of("result", HearthJson.readTree("\"r1\"")));

        // The second runs with the first one's output as its input.
        List<DeploymentItem> items = metadata.awaitItems(serverId, 2);
        DeploymentItem second = items.stream().filter(i -> !i.deploymentId().equals(first.deploymentId())).findFirst().orElseThrow();
        assertThat(input(second, "foo").asText()).isEqualTo("r1");
        ResourceStatusChanged firstDone = driver.resources(id).stream()
                .filter(r -> r.resourceName().equals("first") && r.status().equals("COMPLETE")).findFirst()
                .orElseThrow();
        assertThat(firstDone.physicalResourceId()).isEqualTo(first.deploymentId());
        assertThat(firstDone.attributes().get("result").asText()).isEqualTo("r1");
        assertThat(firstDone.attributes().get("deploy_stdout").asText()).isEqualTo("ran one");
        assertThat(firstDone.attributes().get("deploy_status_code").asInt()).isZero();

        // A repeated signal of the first changes nothing.
        long written = db.queryLong("select count(*) from outbox_event");
        CloudEvent again = signal(id, serverId, first, 0, "ran one", Map.of("result", HearthJson.readTree("\"r9\"")));
        await().atMost(WAIT).until(() -> processed(again));
        assertThat(driver.statesOf(id, "first")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(db.queryLong("select count(*) from deployment_signal where deployment_id = ? and outcome ="
                + " 'DUPLICATE'", first.deploymentId())).isOne();
        assertThat(db.queryLong("select count(*) from outbox_event")).isEqualTo(written);

        signal(id, serverId, second, 0, "ran two", Map.of("result", HearthJson.readTree("\"r2\"")));

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(statuses.get(statuses.size() - 1).statusReason()).isEqualTo("Stack CREATE completed successfully");
        Map<String, JsonNode> outputs = driver.outputs(id);
        assertThat(outputs.get("first_result").asText()).isEqualTo("r1");
        assertThat(outputs.get("second_result").asText()).isEqualTo("r2");
        assertThat(outputs.get("second_stdout").asText()).isEqualTo("ran two");
        assertThat(outputs.get("second_code").asInt()).isZero();
        assertThat(driver.statesOf(id, "second")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        // Deleting the stack removes the deployments from the server's metadata.
        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(driver.statesOf(id, "first")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        await().atMost(WAIT).until(() -> metadata.latest(serverId) != null
                && metadata.latest(serverId).deployments().isEmpty());
        assertThat(db.queryLong("select count(*) from software_deployment where stack_id = ?", id)).isZero();
    }

    /**
     * Heat's derived config: a stack deployment's {@code config_id} is the config its server runs now, with the
     * inputs' values, readable through the config API by its tenant only (Heat's {@code check_input_values}).
     */
    @Test
    void aStackDeploymentsConfigIdIsItsDerivedConfigWithTheInputValues() {
        String id = UUID.randomUUID().toString();
        String serverId = createdAndCheckedIn(id, twoDeployments());
        DeploymentItem first = metadata.awaitItems(serverId, 1).get(0);

        JsonNode deployment = HearthJson.readTree(given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/software_deployments/" + first.deploymentId()).then().statusCode(200).extract()
                .asString()).path("software_deployment");
        assertThat(deployment.path("config_id").asText()).isEqualTo(first.id());
        JsonNode config = HearthJson.readTree(given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/software_configs/" + first.id()).then().statusCode(200).extract().asString())
                .path("software_config");
        assertThat(config.path("id").asText()).isEqualTo(first.id());
        assertThat(config.path("group").asText()).isEqualTo("script");
        assertThat(config.path("config").asText()).isEqualTo("#!/bin/sh\necho $foo");
        assertThat(config.path("outputs").get(0).path("name").asText()).isEqualTo("result");
        JsonNode foo = null;
        for (JsonNode input : config.path("inputs")) {
            if (input.path("name").asText().equals("foo")) {
                foo = input;
            }
        }
        assertThat(foo).isNotNull();
        assertThat(foo.path("value").asText()).isEqualTo("one");
        assertThat(config.path("inputs").findValuesAsText("name")).contains("deploy_server_id", "deploy_action");

        // another tenant does not find it, nor does anyone find an id that is no run's
        given().header("X-Auth-Token", "other-token").get("/v1/other/software_configs/" + first.id())
                .then().statusCode(404);
        given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/software_configs/" + UUID.randomUUID()).then().statusCode(404);
        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
    }

    @Test
    void aFailedDeploymentFailsTheStackAndItsDependentsNeverStart() {
        String id = UUID.randomUUID().toString();
        String serverId = createdAndCheckedIn(id, twoDeployments());
        DeploymentItem first = metadata.awaitItems(serverId, 1).get(0);

        signal(id, serverId, first, 2, "", Map.of());

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        String reason = "Error: resources.first: Deployment to server failed: deploy_status_code : Deployment"
                + " exited with non-zero status code: 2";
        assertThat(driver.resources(id).stream().filter(r -> r.resourceName().equals("first")
                && r.status().equals("FAILED")).findFirst().orElseThrow().statusReason()).isEqualTo(reason);
        assertThat(statuses.get(statuses.size() - 1).statusReason()).isEqualTo("Resource CREATE failed: " + reason);
        assertThat(driver.statesOf(id, "first")).containsExactly("CREATE_IN_PROGRESS", "CREATE_FAILED");
        assertThat(driver.statesOf(id, "second")).isEmpty();
    }

    @Test
    void anAgentsUpdateThroughTheApiCompletesTheResourceLikeASignal() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("server", "OS::Nova::Server", "{\"image\": \"fedora\", \"flavor\": \"m1.small\"}"),
                resource("config", "OS::Heat::SoftwareConfig", """
                        {"config": "#!/bin/sh", "outputs": [{"name": "result"}, {"name": "unsent"}]}"""),
                resource("deployment", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"}}""",
                        "config", "server"),
                resource("quiet", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "signal_transport": "NO_SIGNAL"}""", "config", "server"),
                resource("skipped", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "actions": ["UPDATE"]}""", "config", "server")),
                "result", "{\"get_attr\": [\"deployment\", \"result\"]}",
                "unsent", "{\"get_attr\": [\"deployment\", \"unsent\"]}"));
        String serverId = awaitNewServer(id).serverId();
        checkIn(id, serverId);
        // The NO_SIGNAL deployment completes at once; one whose actions lack CREATE makes no deployment.
        await().atMost(WAIT).until(() -> driver.statesOf(id, "quiet").contains("CREATE_COMPLETE")
                && driver.statesOf(id, "skipped").contains("CREATE_COMPLETE"));
        List<DeploymentItem> items = metadata.awaitItems(serverId, 2);
        String quiet = driver.resources(id).stream().filter(r -> r.resourceName().equals("quiet")
                && r.status().equals("COMPLETE")).findFirst().orElseThrow().physicalResourceId();
        assertThat(items).extracting(DeploymentItem::deploymentId).contains(quiet);
        String deploymentId = items.stream().map(DeploymentItem::deploymentId).filter(i -> !i.equals(quiet))
                .findFirst().orElseThrow();
        await().atMost(WAIT).untilAsserted(() ->
                assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS"));

        given().header("X-Auth-Token", "hearth-dev-token").contentType(ContentType.JSON).body("""
                {"status": "COMPLETE", "status_reason": "Outputs received",
                 "output_values": {"result": "via api", "deploy_stdout": "", "deploy_stderr": "",
                                   "deploy_status_code": 0}}""")
                .put("/v1/demo/software_deployments/" + deploymentId).then().statusCode(200);

        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.outputs(id).get("result").asText()).isEqualTo("via api");
        assertThat(driver.outputs(id).get("unsent").isNull()).isTrue();
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
    }

    @Test
    void anUpdateOfItsInputsRunsTheDeploymentAgainAsItsNextGeneration() {
        String id = UUID.randomUUID().toString();
        String serverId = createdAndCheckedIn(id, oneDeployment("one"));
        DeploymentItem created = metadata.awaitItems(serverId, 1).get(0);
        signal(id, serverId, created, 0, "", Map.of("result", HearthJson.readTree("\"r1\"")));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        driver.update(id, oneDeployment("two"));
        await().atMost(WAIT).until(() -> metadata.latest(serverId).deployments().get(0).generation() == 2);
        DeploymentItem updated = metadata.latest(serverId).deployments().get(0);
        assertThat(updated.deploymentId()).isEqualTo(created.deploymentId());
        assertThat(input(updated, "foo").asText()).isEqualTo("two");
        assertThat(input(updated, "deploy_action").asText()).isEqualTo("UPDATE");
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "UPDATE_IN_PROGRESS");

        // A late signal of the create's generation is stale: the update still waits.
        CloudEvent stale = signal(id, serverId, created, 0, "", Map.of("result", HearthJson.readTree("\"old\"")));
        await().atMost(WAIT).until(() -> processed(stale));
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "UPDATE_IN_PROGRESS");

        kafkaSignal(id, serverId, updated, "UPDATE", Map.of("result", HearthJson.readTree("\"r2\"")));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        assertThat(driver.outputs(id).get("result").asText()).isEqualTo("r2");
    }

    @Test
    void aDeploymentWhoseActionsNameDeleteRunsItBeforeItIsRemoved() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("server", "OS::Nova::Server", "{\"image\": \"fedora\", \"flavor\": \"m1.small\"}"),
                resource("config", "OS::Heat::SoftwareConfig", "{\"config\": \"#!/bin/sh\"}"),
                resource("deployment", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "actions": ["DELETE"]}""", "config", "server"))));
        String serverId = awaitNewServer(id).serverId();
        checkIn(id, serverId);
        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        // CREATE is not one of its actions, so its deployment is made for the delete, which waits for it.
        driver.delete(id);
        DeploymentItem deleting = metadata.awaitItems(serverId, 1).get(0);
        assertThat(deleting.generation()).isEqualTo(1);
        assertThat(input(deleting, "deploy_action").asText()).isEqualTo("DELETE");
        kafkaSignal(id, serverId, deleting, "DELETE", Map.of());
        driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        await().atMost(WAIT).until(() -> metadata.latest(serverId).deployments().isEmpty());
    }

    @Test
    void aDeleteActionWaitsForItsSignalThenRemovesTheDeployment() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("server", "OS::Nova::Server", "{\"image\": \"fedora\", \"flavor\": \"m1.small\"}"),
                resource("config", "OS::Heat::SoftwareConfig", "{\"config\": \"#!/bin/sh\"}"),
                resource("deployment", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "actions": ["CREATE", "DELETE"]}""", "config", "server"))));
        String serverId = awaitNewServer(id).serverId();
        checkIn(id, serverId);
        DeploymentItem created = metadata.awaitItems(serverId, 1).get(0);
        kafkaSignal(id, serverId, created, "CREATE", Map.of());
        driver.awaitStatus(id, "CREATE_COMPLETE");

        driver.delete(id);
        await().atMost(WAIT).until(() -> metadata.latest(serverId).deployments().size() == 1
                && metadata.latest(serverId).deployments().get(0).generation() == 2);
        DeploymentItem deleting = metadata.latest(serverId).deployments().get(0);
        assertThat(input(deleting, "deploy_action").asText()).isEqualTo("DELETE");
        // The metadata and the resource's events travel on different topics: either may arrive first.
        await().atMost(WAIT).until(() -> driver.statesOf(id, "deployment").contains("DELETE_IN_PROGRESS"));
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "DELETE_IN_PROGRESS");
        assertThat(driver.statesOf(id, "server")).doesNotContain("DELETE_IN_PROGRESS");

        kafkaSignal(id, serverId, deleting, "DELETE", Map.of());
        driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        await().atMost(WAIT).until(() -> metadata.latest(serverId).deployments().isEmpty());
    }

    @Test
    void deletingTheStackForgetsItsServersMetadataWithATombstone() {
        String id = UUID.randomUUID().toString();
        String serverId = createdAndCheckedIn(id, oneDeployment("one"));
        DeploymentItem created = metadata.awaitItems(serverId, 1).get(0);
        kafkaSignal(id, serverId, created, "CREATE", Map.of("result", HearthJson.readTree("\"r1\"")));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(metadataItems(serverId)).hasSize(1);

        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");

        // The deployment's removal empties the server's document; the server's delete then ends its key.
        metadata.awaitTombstone(serverId);
        assertThat(metadata.latest(serverId).deployments()).isEmpty();
        assertThat(db.queryLong("select count(*) from server_metadata where server_id = ?", serverId)).isZero();
        assertThat(HearthJson.readTree(given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/software_deployments/metadata/" + serverId).then().statusCode(200).extract()
                .asString())).isEqualTo(HearthJson.readTree("{\"metadata\": []}"));
    }

    private static JsonNode metadataItems(String serverId) {
        return HearthJson.readTree(given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/software_deployments/metadata/" + serverId).then().statusCode(200).extract()
                .asString()).path("metadata");
    }

    /**
     * The plan template-service makes of {@code heat-templates/software-config/example-deploy-sequence.yaml}
     * (parameters resolved to their defaults), written by hand: deployment_a on server_a, then deployment_b
     * on server_b fed by deployment_a's stdout, then deployment_c back on server_a.
     */
    private static StackPlan deploySequence() {
        String server = """
                {"image": "fedora-amd64", "flavor": "m1.small", "key_name": "heat_key",
                 "user_data_format": "SOFTWARE_CONFIG"}""";
        return plan(List.of(
                resource("config", "OS::Heat::SoftwareConfig", """
                        {"inputs": [{"name": "previous", "default": "NONE"}], "group": "script",
                         "config": "#!/bin/bash\\necho \\"Previous: $previous\\"\\n"}"""),
                resource("server_a", "OS::Nova::Server", server),
                resource("server_b", "OS::Nova::Server", server),
                resource("deployment_a", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server_a"}}""",
                        "config", "server_a"),
                resource("deployment_b", "OS::Heat::SoftwareDeployment", """
                        {"input_values": {"previous": {"get_attr": ["deployment_a", "deploy_stdout"]}},
                         "config": {"get_resource": "config"}, "server": {"get_resource": "server_b"}}""",
                        "config", "deployment_a", "server_b"),
                resource("deployment_c", "OS::Heat::SoftwareDeployment", """
                        {"input_values": {"previous": "deployment_b"},
                         "config": {"get_resource": "config"}, "server": {"get_resource": "server_a"}}""",
                        "config", "deployment_b", "server_a")),
                "deployment_a_stdout", "{\"get_attr\": [\"deployment_a\", \"deploy_stdout\"]}",
                "deployment_b_stdout", "{\"get_attr\": [\"deployment_b\", \"deploy_stdout\"]}",
                "deployment_c_stdout", "{\"get_attr\": [\"deployment_c\", \"deploy_stdout\"]}");
    }

    @Test
    void theDeploySequenceExampleRunsItsDeploymentsInOrderAcrossTwoServers() {
        String id = UUID.randomUUID().toString();
        driver.create(id, deploySequence());
        await().atMost(WAIT).until(() -> newServers(id).size() == 2);
        Map<String, String> servers = new java.util.HashMap<>();
        for (ServerSpec create : newServers(id)) {
            checkIn(id, create.serverId());
        }
        driver.awaitStatus(id, "CREATE_IN_PROGRESS");
        await().atMost(WAIT).until(() -> driver.resources(id).stream().filter(r -> r.resourceName()
                .startsWith("server_") && r.status().equals("COMPLETE")).count() == 2);
        driver.resources(id).stream().filter(r -> r.resourceName().startsWith("server_")
                && r.status().equals("COMPLETE")).forEach(r -> servers.put(r.resourceName(), r.physicalResourceId()));
        String serverA = servers.get("server_a");
        String serverB = servers.get("server_b");

        DeploymentItem a = metadata.awaitItems(serverA, 1).get(0);
        assertThat(input(a, "previous").asText()).isEqualTo("NONE");
        assertThat(input(a, "deploy_resource_name").asText()).isEqualTo("deployment_a");
        assertThat(driver.statesOf(id, "deployment_b")).isEmpty();
        kafkaSignal(id, serverA, a, "CREATE", Map.of(), "Previous: NONE\n");

        DeploymentItem b = metadata.awaitItems(serverB, 1).get(0);
        assertThat(input(b, "previous").asText()).isEqualTo("Previous: NONE\n");
        assertThat(driver.statesOf(id, "deployment_c")).isEmpty();
        kafkaSignal(id, serverB, b, "CREATE", Map.of(), "Previous: Previous: NONE\n\n");

        DeploymentItem c = metadata.awaitItems(serverA, 2).stream().filter(i -> !i.deploymentId().equals(a.deploymentId())).findFirst()
                .orElseThrow();
        assertThat(input(c, "previous").asText()).isEqualTo("deployment_b");
        kafkaSignal(id, serverA, c, "CREATE", Map.of(), "Previous: deployment_b\n");

        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.outputs(id).get("deployment_a_stdout").asText()).isEqualTo("Previous: NONE\n");
        assertThat(driver.outputs(id).get("deployment_b_stdout").asText()).isEqualTo("Previous: Previous: NONE\n\n");
        assertThat(driver.outputs(id).get("deployment_c_stdout").asText()).isEqualTo("Previous: deployment_b\n");
        // The stack's topic also carries each deployment's DeploymentStatusChanged; the resource events alone:
        List<String> order = driver.resources(id).stream().filter(r -> r.resourceName().startsWith("deployment_"))
                .map(r -> r.resourceName() + " " + r.action() + "_" + r.status()).toList();
        assertThat(order).containsExactly("deployment_a CREATE_IN_PROGRESS", "deployment_a CREATE_COMPLETE",
                "deployment_b CREATE_IN_PROGRESS", "deployment_b CREATE_COMPLETE", "deployment_c CREATE_IN_PROGRESS",
                "deployment_c CREATE_COMPLETE");
    }

    private List<ServerSpec> newServers(String stackId) {
        return ComputeRecords.creates(compute.records(), stackId);
    }

    private void kafkaSignal(String stackId, String serverId, DeploymentItem item, String action,
            Map<String, JsonNode> outputs, String stdout) {
        send(stackId, CloudEvent.of(GATEWAY, stackId, new DeploymentSignalled(stackId, item.deploymentId(), serverId, action,
                item.generation(), stdout, "", 0, outputs, Instant.now())));
    }

    private static StackPlan oneDeployment(String foo) {
        return plan(List.of(
                resource("server", "OS::Nova::Server", "{\"image\": \"fedora\", \"flavor\": \"m1.small\"}"),
                resource("config", "OS::Heat::SoftwareConfig", """
                        {"config": "#!/bin/sh", "inputs": [{"name": "foo"}], "outputs": [{"name": "result"}]}"""),
                resource("deployment", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "input_values": {"foo": "%s"}}""".formatted(foo), "config", "server")),
                "result", "{\"get_attr\": [\"deployment\", \"result\"]}");
    }

    private void kafkaSignal(String stackId, String serverId, DeploymentItem item, String action,
            Map<String, JsonNode> outputs) {
        send(stackId, CloudEvent.of(GATEWAY, stackId, new DeploymentSignalled(stackId, item.deploymentId(), serverId, action,
                item.generation(), "", "", 0, outputs, Instant.now())));
    }

    /** Creates the stack and checks its server in: the server's id. */
    private String createdAndCheckedIn(String stackId, StackPlan plan) {
        driver.create(stackId, plan);
        String serverId = awaitNewServer(stackId).serverId();
        checkIn(stackId, serverId);
        return serverId;
    }

    private ServerSpec awaitNewServer(String stackId) {
        await().atMost(WAIT).until(() -> !newServers(stackId).isEmpty());
        return newServers(stackId).get(0);
    }

    private void checkIn(String stackId, String serverId) {
        send(stackId, CloudEvent.of(GATEWAY, stackId,
                new ServerCheckedIn(stackId, serverId, "10.0.0.5", "0.1.0", "boot-1", Instant.now())));
    }

    private CloudEvent signal(String stackId, String serverId, DeploymentItem item, int code, String stdout,
            Map<String, JsonNode> outputs) {
        CloudEvent event = CloudEvent.of(GATEWAY, stackId, new DeploymentSignalled(stackId, item.deploymentId(), serverId,
                "CREATE", item.generation(), stdout, "", code, outputs, Instant.now()));
        send(stackId, event);
        return event;
    }

    private void send(String key, CloudEvent event) {
        driver.publish(Topics.SIGNALS, key, event.toJson());
    }

    private static JsonNode input(DeploymentItem item, String name) {
        return item.inputs().stream().filter(i -> i.name().equals(name)).map(DeploymentInput::value).findFirst()
                .orElseThrow();
    }

    private boolean processed(CloudEvent event) {
        return db.queryLong("select count(*) from processed_event where event_id = ?", event.id()) == 1;
    }
}
