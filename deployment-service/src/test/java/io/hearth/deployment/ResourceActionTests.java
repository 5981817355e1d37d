package io.hearth.deployment;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Ad-hoc actions on a stack's resource (a SoftwareDeploymentGroup: one deployment per server, in its nested stack; a
 * ResourceGroup of deployments) and cancel of a deployment a stack waits for, over the real topics and database, from plans that hot's planner
 * makes of templates as template-service does.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ResourceActionTests {

    private static final String COMPONENT = """
            heat_template_version: 2021-04-16
            parameters:
              servers: {type: json}
              transport: {type: string, default: NO_SIGNAL}
              prefix: {type: string}
            resources:
              component:
                type: OS::Heat::SoftwareComponent
                properties:
                  configs:
                    - {actions: [CREATE], tool: script, config: "echo create"}
                    - {actions: [BACKUP], tool: script, config: "echo backup $target"}
                  inputs: [{name: target, default: /srv}]
              script:
                type: OS::Heat::SoftwareConfig
                properties: {group: script, config: "echo plain"}
              backups:
                type: OS::Heat::SoftwareDeploymentGroup
                properties:
                  config: {get_resource: component}
                  servers: {get_param: servers}
                  signal_transport: {get_param: transport}
              plain:
                type: OS::Heat::SoftwareDeploymentGroup
                properties:
                  config: {get_resource: script}
                  servers: {get_param: servers}
                  signal_transport: NO_SIGNAL
              members:
                type: OS::Heat::ResourceGroup
                properties:
                  count: 2
                  resource_def:
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      config: {get_resource: component}
                      server: {str_replace: {template: "PREFIX-member-%index%", params: {PREFIX: {get_param: prefix}}}}
                      signal_transport: NO_SIGNAL
            """;

    private final StackPlanner planner = new StackPlanner();

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    @Test
    void anActionOnADeploymentGroupRunsOnEveryServersDeploymentThatDeclaresIt() {
        String id = UUID.randomUUID().toString();
        String web = "srv-web-" + id;
        String db = "srv-db-" + id;
        driver.create(id, plan(id, "{\"web\": \"" + web + "\", \"db\": \"" + db + "\"}", "NO_SIGNAL"));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        JsonNode started = json(act(id, "backups", "{\"action\": \"BACKUP\", \"input_values\": {\"target\": \"/b\"}}"),
                200).path("software_deployments");
        assertThat(started).hasSize(2);
        assertThat(started).allSatisfy(d -> {
            assertThat(d.path("action").asText()).isEqualTo("BACKUP");
            assertThat(d.path("generation").asLong()).isEqualTo(2);
        });
        for (String server : List.of(web, db)) {
            DeploymentItem backup = await().atMost(StackDriver.WAIT).until(() -> metadata.latest(server)
                    .deployments().stream().filter(i -> "BACKUP".equals(input(i, "deploy_action"))).findFirst()
                    .orElse(null), i -> i != null);
            assertThat(backup.config().asText()).isEqualTo("echo backup $target");
            assertThat(input(backup, "target")).isEqualTo("/b");
            assertThat(metadata.latest(server).deployments()).as("the plain config's deployment does not run it")
                    .filteredOn(i -> "BACKUP".equals(input(i, "deploy_action"))).hasSize(1);
        }
        String deployment = started.get(0).path("id").asText();
        JsonNode runs = json(given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/software_deployments/" + deployment + "/runs"), 200).path("runs");
        assertThat(runs).singleElement().satisfies(run -> {
            assertThat(run.path("action").asText()).isEqualTo("BACKUP");
            assertThat(run.path("status").asText()).isEqualTo("COMPLETE");
        });

        JsonNode members = json(act(id, "members", "{\"action\": \"BACKUP\"}"), 200).path("software_deployments");
        assertThat(members).extracting(d -> d.path("server_id").asText())
                .containsExactlyInAnyOrder(id + "-member-0", id + "-member-1");
        assertThat(members).allSatisfy(d -> assertThat(d.path("action").asText()).isEqualTo("BACKUP"));

        assertThat(message(act(id, "plain", "{\"action\": \"BACKUP\"}"), 400)).isEqualTo("No deployment of resource"
                + " plain declares BACKUP: a deployment runs an ad-hoc action of its stack only when one of the"
                + " configurations of its component config holds it in its actions");
        assertThat(message(act(id, "nothing", "{\"action\": \"BACKUP\"}"), 404))
                .isEqualTo("The Resource (nothing) could not be found.");
        assertThat(message(given().header("X-Auth-Token", "hearth-dev-token").contentType(ContentType.JSON)
                .body("{\"action\": \"BACKUP\"}").post("/v1/demo/stacks/other/" + id + "/resources/backups/actions"),
                404)).isEqualTo("The Stack (other) could not be found.");
        assertThat(message(given().header("X-Auth-Token", "other-token").contentType(ContentType.JSON)
                .body("{\"action\": \"BACKUP\"}").post("/v1/other/stacks/s-" + id + "/" + id
                        + "/resources/backups/actions"), 404)).isEqualTo("The Stack (s-" + id + ") could not be found.");
        assertThat(message(act(id, "backups", "{\"action\": \"DELETE\"}"), 400))
                .isEqualTo("Invalid action: DELETE is a lifecycle action of the stack, not an ad-hoc one");
    }

    @Test
    void aCancelledDeploymentFailsTheResourceThatWaitsForIt() {
        String id = UUID.randomUUID().toString();
        String web = "srv-web-" + id;
        driver.create(id, plan(id, "{\"web\": \"" + web + "\"}", "CFN_SIGNAL"));
        String deployment = metadata.awaitItems(web, 2).stream().filter(i -> i.config().asText().equals("echo create"))
                .findFirst().orElseThrow().deploymentId();

        assertThat(message(act(id, "backups", "{\"action\": \"BACKUP\"}"), 409)).startsWith("Deployment " + deployment
                + " of resource backups is IN_PROGRESS (CREATE, generation 1)");
        JsonNode cancelled = json(given().header("X-Auth-Token", "hearth-dev-token").contentType(ContentType.JSON)
                .body("{\"action\": \"CANCEL\"}").post("/v1/demo/software_deployments/" + deployment + "/actions"),
                200).path("software_deployment");
        assertThat(cancelled.path("status").asText()).isEqualTo("FAILED");
        assertThat(cancelled.path("status_reason").asText()).isEqualTo("cancelled");

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        assertThat(statuses.get(statuses.size() - 1).statusReason()).contains("Deployment to server failed: cancelled");
        assertThat(await().atMost(StackDriver.WAIT).until(() -> metadata.latest(web).deployments().stream()
                .filter(i -> i.deploymentId().equals(deployment)).findFirst().orElseThrow().cancelled(),
                c -> c != null))
                .isTrue();
    }

    private StackPlan plan(String id, String servers, String transport) {
        return planner.plan(new TemplateReader().readTemplate(COMPONENT).document(), null,
                Map.of("servers", HearthJson.readTree(servers), "transport", HearthJson.readTree("\"" + transport + "\""),
                        "prefix", HearthJson.readTree("\"" + id + "\"")),
                Map.of(), new StackIdentity("s-" + id, id, "demo"), null, true);
    }

    private static Response act(String stackId, String resource, String body) {
        return given().header("X-Auth-Token", "hearth-dev-token").contentType(ContentType.JSON).body(body)
                .post("/v1/demo/stacks/s-" + stackId + "/" + stackId + "/resources/" + resource + "/actions");
    }

    private static String input(DeploymentItem item, String name) {
        return item.inputs().stream().filter(i -> i.name().equals(name)).findFirst().map(i -> i.value().asText())
                .orElse(null);
    }

    private static JsonNode json(Response response, int status) {
        response.then().statusCode(status);
        return HearthJson.readTree(response.asString());
    }

    private static String message(Response response, int status) {
        return json(response, status).path("error").path("message").asText();
    }
}
