package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasSize;

import io.hearth.contracts.Topics;
import io.hearth.contracts.stack.v1.StackUpdateRequested;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.restassured.path.json.JsonPath;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Heat's snapshot API and Heat's lookup of a stack by name on its sub-routes, deployment-service's runtime export
 * played by {@link FakeDeploymentService}: a snapshot holds the stack's template, environment and each resource's
 * record (a deployment's inputs and outputs), the stack shows SNAPSHOT_COMPLETE with Heat's events; list, show,
 * restore (an update to the recorded template and environment, shown as RESTORE) and delete; snapshots go with their stack.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
@WithTestResource(FakeDeploymentService.class)
class StackSnapshotApiTests {

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private StackFixtures stacks;
    private ConsumerTask<String, String> commands;

    @BeforeEach
    void fixtures() {
        stacks = new StackFixtures(kafka);
        commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
    }

    @AfterEach
    void close() {
        commands.close();
    }

    @Test
    void aSnapshotRecordsTheStackAndRestoreUpdatesItBackToTheRecordedDefinition() {
        String name = StackFixtures.name();
        String id = created(name, "hi");
        String base = "/v1/demo/stacks/" + name + "/" + id;

        JsonPath taken = api().body(Map.of("name", "first")).post(base + "/snapshots").then().statusCode(200)
                .body("name", equalTo("first")).body("status", equalTo("COMPLETE"))
                .body("data.status", equalTo("COMPLETE"))
                .body("data.template.resources.deploy.type", equalTo("OS::Heat::SoftwareDeployment"))
                .body("data.environment.parameters.greeting", equalTo("hi"))
                .body("data.resources.deploy.resource_data.hearth.deployment.outputValues.ratio", equalTo(0.25f))
                .body("data.resources.deploy.resource_data.hearth.deployment.inputValues.foo", equalTo("one"))
                .extract().jsonPath();
        String snapshot = taken.getString("id");
        api().get(base).then().body("stack.stack_status", equalTo("SNAPSHOT_COMPLETE"));
        List<String> reasons = api().get(base + "/events").then().statusCode(200).extract().jsonPath()
                .getList("events.resource_status_reason", String.class);
        assertThat(reasons).contains("Stack SNAPSHOT started", "Stack SNAPSHOT completed successfully");

        api().get(base + "/snapshots").then().statusCode(200).body("snapshots", hasSize(1))
                .body("snapshots[0].id", equalTo(snapshot));
        api().get(base + "/snapshots/" + snapshot).then().statusCode(200).body("snapshot.name", equalTo("first"))
                .body("snapshot.creation_time", equalTo(taken.getString("creation_time")));
        api().get(base + "/snapshots/" + java.util.UUID.randomUUID()).then().statusCode(404)
                .body("error.type", equalTo("EntityNotFound"));

        api().body(Map.of("parameters", Map.of("greeting", "changed"))).patch(base).then().statusCode(202);
        stacks.stackStatus(id, name, "UPDATE", "COMPLETE", 3);
        await().atMost(Duration.ofSeconds(30)).until(() -> "UPDATE_COMPLETE".equals(api().get(base).then()
                .extract().path("stack.stack_status")));

        api().post(base + "/snapshots/" + snapshot + "/restore").then().statusCode(202);
        api().get(base).then().body("stack.stack_status", equalTo("RESTORE_IN_PROGRESS"))
                .body("stack.stack_status_reason", equalTo("Stack RESTORE started"))
                .body("stack.parameters.greeting", equalTo("hi"));
        await().atMost(Duration.ofSeconds(30)).until(() -> commands.getRecords().stream()
                .filter(r -> r.value().contains(StackUpdateRequested.TYPE) && r.value().contains(id)
                        && r.value().contains("\"action\":\"RESTORE\"")).count() == 1);

        api().delete(base + "/snapshots/" + snapshot).then().statusCode(204);
        api().get(base + "/snapshots").then().statusCode(200).body("snapshots", hasSize(0));
    }

    @Test
    void everyStackSubRouteByNameRedirectsToTheCanonicalUrlAsHeatsLookup() {
        String name = StackFixtures.name();
        String id = created(name, "hi");
        String canonical = "/v1/demo/stacks/" + name + "/" + id;

        api().body("{\"check\": null}").post("/v1/demo/stacks/" + name + "/actions").then()
                .statusCode(302).header("Location", endsWith(canonical + "/actions"));
        api().body(Map.of("name", "x")).post("/v1/demo/stacks/" + name + "/snapshots").then().statusCode(302)
                .header("Location", endsWith(canonical + "/snapshots"));
        api().get("/v1/demo/stacks/" + id + "/files?x=1").then().statusCode(302)
                .header("Location", endsWith(canonical + "/files?x=1"));
        api().delete("/v1/demo/stacks/" + name + "/snapshots/abc").then().statusCode(302)
                .header("Location", endsWith(canonical + "/snapshots/abc"));
        api().get("/v1/demo/stacks/no-such-stack/environment").then().statusCode(404)
                .body("error.message", equalTo("The Stack (no-such-stack) could not be found."));

        // a stack named by its ARN (a template resource's get_resource), as heatclient quotes it
        api().urlEncodingEnabled(false).get("/v1/demo/stacks/arn%3Aopenstack%3Aheat%3A%3Ademo%3Astacks/" + name + "/"
                + id + "/resources/deploy?x=1").then().statusCode(302)
                .header("Location", endsWith(canonical + "/resources/deploy?x=1"));
        api().urlEncodingEnabled(false).get("/v1/demo/stacks/arn%3Aopenstack%3Anova%3A%3Ademo%3Astacks/" + name)
                .then().statusCode(404).body("error.message", equalTo(
                        "The Stack (arn:openstack:nova::demo:stacks/" + name + ") could not be found."));
        api().get(canonical + "/environment").then().statusCode(200).body("parameters.greeting", equalTo("hi"));
        api().get(canonical + "/files").then().statusCode(200).body("size()", equalTo(0));
        // followed as heatclient follows it
        api().redirects().follow(true).get("/v1/demo/stacks/" + name + "/environment").then().statusCode(200)
                .body("parameters.greeting", equalTo("hi"));
    }

    @Test
    void snapshotsGoWithTheirStack() {
        String name = StackFixtures.name();
        String id = created(name, "hi");
        String base = "/v1/demo/stacks/" + name + "/" + id;
        api().body(Map.of()).post(base + "/snapshots").then().statusCode(200);
        assertThat(stacks.db().queryLong("select count(*) from stack_snapshot where stack_id = ?::uuid", id))
                .isEqualTo(1);

        api().delete(base).then().statusCode(204);
        stacks.stackStatus(id, name, "DELETE", "COMPLETE", 9);
        await().atMost(Duration.ofSeconds(30)).until(() -> stacks.db()
                .queryLong("select count(*) from stack_snapshot where stack_id = ?::uuid", id) == 0);
    }

    /** A stack created through the API and shown CREATE_COMPLETE, as deployment-service would make it. */
    private String created(String name, String greeting) {
        String id = api().body(Map.of("stack_name", name, "template", StackAbandonAdoptApiTests.TEMPLATE,
                "parameters", Map.of("greeting", greeting))).post("/v1/demo/stacks").then().statusCode(201)
                .extract().path("stack.id");
        stacks.stackStatus(id, name, "CREATE", "COMPLETE", 2);
        await().atMost(Duration.ofSeconds(30)).until(() -> "CREATE_COMPLETE".equals(api()
                .get("/v1/demo/stacks/" + name + "/" + id).then().extract().path("stack.stack_status")));
        return id;
    }
}
