package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.MetricsPage;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Hearth's per-deployment {@code timeout} over the real topics and database: a deployment whose hook does
 * not signal in time fails through the engine's durable timer, and one that signals in time leaves no
 * timer behind.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class DeploymentTimeoutTests {

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final DeploymentAgent agent = new DeploymentAgent();

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    /** A server, a config with an output, a deployment with the given timeout, and a value fed by its output. */
    private static StackPlan deploymentWithTimeout(int timeout, String foo) {
        return plan(List.of(
                resource("server", "OS::Nova::Server", "{\"image\": \"fedora\", \"flavor\": \"m1.small\"}"),
                resource("config", "OS::Heat::SoftwareConfig", """
                        {"config": "#!/bin/sh", "inputs": [{"name": "foo"}], "outputs": [{"name": "result"}]}"""),
                resource("deployment", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "input_values": {"foo": "%s"}, "timeout": %d}""".formatted(foo, timeout),
                        "config", "server"),
                resource("after", "OS::Heat::Value", "{\"value\": {\"get_attr\": [\"deployment\", \"result\"]}}",
                        "deployment")),
                "result", "{\"get_attr\": [\"after\", \"value\"]}");
    }

    @Test
    void aDeploymentThatIsNeverSignalledFailsWhenItsTimeoutPassesAndALateSignalChangesNothing() {
        String timedOut = "hearth_deployment_runs_total{action=\"CREATE\",outcome=\"timed_out\"}";
        MetricsPage before = MetricsPage.scrape();
        String id = UUID.randomUUID().toString();
        driver.create(id, deploymentWithTimeout(2, "one"));
        String serverId = agent.awaitServer(id);
        agent.checkIn(id, serverId);
        DeploymentItem item = metadata.awaitItems(serverId, 1).get(0);

        // Nobody signals: two seconds after the deployment started, the timer fails it and the stack.
        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        String reason = "Error: resources.deployment: Deployment to server failed: Deployment timed out after 2 s";
        assertThat(statuses.get(statuses.size() - 1).statusReason()).isEqualTo("Resource CREATE failed: " + reason);
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_FAILED");
        assertThat(driver.resources(id).stream().filter(r -> r.resourceName().equals("deployment")
                && r.status().equals("FAILED")).findFirst().orElseThrow().statusReason()).isEqualTo(reason);
        assertThat(driver.statesOf(id, "after")).isEmpty();
        await().atMost(WAIT).until(() -> deploymentStatuses(id).size() == 2);
        assertThat(deploymentStatuses(id)).extracting(d -> d.status() + ": " + d.statusReason()).containsExactly(
                "IN_PROGRESS: Deploy data available", "FAILED: Deployment timed out after 2 s");
        JsonNode shown = show(item.deploymentId());
        assertThat(shown.path("status").asText()).isEqualTo("FAILED");
        assertThat(shown.path("status_reason").asText()).isEqualTo("Deployment timed out after 2 s");
        assertThat(MetricsPage.scrape().increaseSince(before, timedOut)).isEqualTo(1);
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid"
                + " and wake_at is not null", id)).isZero();

        // The hook's signal comes too late: recorded, and nothing changes.
        CloudEvent late = agent.signal(id, serverId, item, "CREATE", 0, Map.of("result", HearthJson.readTree("\"r\"")));
        await().atMost(WAIT).until(() -> processed(late));
        assertThat(db.queryLong("select count(*) from deployment_signal where deployment_id = ?"
                + " and outcome = 'DUPLICATE'", item.deploymentId())).isOne();
        assertThat(show(item.deploymentId()).path("status").asText()).isEqualTo("FAILED");
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_FAILED");
        assertThat(driver.statesOf(id, "after")).isEmpty();
        assertThat(deploymentStatuses(id)).hasSize(2);
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus)
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_FAILED");
    }

    @Test
    void aDeploymentSignalledInTimeCompletesAndLeavesNoTimerBehind() {
        String id = UUID.randomUUID().toString();
        driver.create(id, deploymentWithTimeout(600, "one"));
        String serverId = agent.awaitServer(id);
        agent.checkIn(id, serverId);
        DeploymentItem item = metadata.awaitItems(serverId, 1).get(0);

        // While it waits, the resource's durable wake-up time is its timeout after it started.
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid"
                + " and name = 'deployment' and wake_at = started_at + interval '600 seconds'", id) == 1);

        agent.signal(id, serverId, item, "CREATE", 0, Map.of("result", HearthJson.readTree("\"r1\"")));

        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.outputs(id).get("result").asText()).isEqualTo("r1");
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        // Nothing is left for the timer: the timeout can pass without effect.
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid"
                + " and wake_at is not null", id)).isZero();
        assertThat(show(item.deploymentId()).path("status").asText()).isEqualTo("COMPLETE");
    }

    @Test
    void anUpdateWhoseDeploymentTimesOutFailsFromWhatTheDatabaseHoldsAsAfterARestart() {
        String id = UUID.randomUUID().toString();
        driver.create(id, deploymentWithTimeout(600, "one"));
        String serverId = agent.awaitServer(id);
        agent.checkIn(id, serverId);
        DeploymentItem created = metadata.awaitItems(serverId, 1).get(0);
        agent.signal(id, serverId, created, "CREATE", 0, Map.of("result", HearthJson.readTree("\"r1\"")));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        driver.update(id, deploymentWithTimeout(600, "two"));
        await().atMost(WAIT).until(() -> metadata.latest(serverId).deployments().get(0).generation() == 2);
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid"
                + " and name = 'deployment' and action = 'UPDATE' and wake_at is not null", id) == 1);

        // As if the service had been down for the ten minutes: all it has is the rows.
        db.execute("update resource_runtime set started_at = started_at - interval '600 seconds',"
                + " wake_at = now() - interval '1 second' where stack_id = '" + id + "' and name = 'deployment'");

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "UPDATE_FAILED");
        String reason = "Error: resources.deployment: Deployment to server failed: Deployment timed out after 600 s";
        assertThat(statuses.get(statuses.size() - 1).statusReason()).isEqualTo("Resource UPDATE failed: " + reason);
        assertThat(driver.statesOf(id, "deployment")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "UPDATE_IN_PROGRESS", "UPDATE_FAILED");
        assertThat(show(created.deploymentId()).path("status_reason").asText())
                .isEqualTo("Deployment timed out after 600 s");
    }

    private List<DeploymentStatusChanged> deploymentStatuses(String stackId) {
        return driver.all(stackId).stream().filter(e -> DeploymentStatusChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(DeploymentStatusChanged.class)).toList();
    }

    private static JsonNode show(String deploymentId) {
        return HearthJson.readTree(given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/software_deployments/" + deploymentId).then().statusCode(200).extract().asString())
                .path("software_deployment");
    }

    private boolean processed(CloudEvent event) {
        return db.queryLong("select count(*) from processed_event where event_id = ?", event.id()) == 1;
    }
}
