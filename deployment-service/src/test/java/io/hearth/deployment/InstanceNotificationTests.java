package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.response.Response;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code POST /v1/{tenant}/instance_notifications}: an external autoscaler's "launched" and "terminated" become
 * {@code InstanceStateChanged} on the real {@code hearth.instance.lifecycle}, keyed by the stack tree; refusals write
 * nothing to the outbox.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class InstanceNotificationTests {

    private static final String PATH = "/v1/demo/instance_notifications";
    private static final String TOKEN = "hearth-dev-token";

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final TopicRecords lifecycle = new TopicRecords(Topics.INSTANCE_LIFECYCLE);

    /** A stack with a ResourceGroup (of one OS::Heat::None) and a resource that is no group, CREATE_COMPLETE. */
    private String stack() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("workers", "OS::Heat::ResourceGroup", """
                        {"count": 1, "resource_def": {"type": "OS::Heat::None"}}"""),
                resource("plain", "OS::Heat::None", "{}"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        return id;
    }

    @Test
    void aLaunchedAndATerminatedInstanceEnterAndLeaveTheGroupOnTheLifecycleTopic() {
        String id = stack();

        JsonNode launched = json(post(TOKEN, """
                {"stack_id": "%s", "group": "workers", "event": "launched", "server_id": "ext-1",
                 "name": "worker-ext-1", "address": "192.0.2.10"}""".formatted(id)), 202);
        assertThat(launched.get("instance_notification").get("state").asText()).isEqualTo("CREATE_COMPLETE");
        assertThat(launched.get("instance_notification").get("name").asText()).isEqualTo("worker-ext-1");

        InstanceStateChanged up = awaitInstances(id, 1).get(0);
        assertThat(up.tenant()).isEqualTo("demo");
        assertThat(up.groupName()).isEqualTo("workers");
        assertThat(up.groupStackId()).isEqualTo(id);
        assertThat(up.stackId()).isEqualTo(id);
        assertThat(up.serverId()).isEqualTo("ext-1");
        assertThat(up.resourceName()).isEqualTo("worker-ext-1");
        assertThat(up.address()).isEqualTo("192.0.2.10");
        assertThat(up.previousState()).isNull();
        assertThat(up.state()).isEqualTo("CREATE_COMPLETE");

        // The name defaults to the server id; no address is none.
        json(post(TOKEN, """
                {"stack_id": "%s", "group": "workers", "event": "terminated", "server_id": "ext-1"}""".formatted(id)),
                202);
        InstanceStateChanged down = awaitInstances(id, 2).get(1);
        assertThat(down.groupName()).isEqualTo("workers");
        assertThat(down.groupStackId()).isEqualTo(id);
        assertThat(down.serverId()).isEqualTo("ext-1");
        assertThat(down.resourceName()).isEqualTo("ext-1");
        assertThat(down.address()).isNull();
        assertThat(down.state()).isEqualTo("DELETE_COMPLETE");
    }

    @Test
    void anotherTenantsStackAnUnknownGroupOrNoGroupIsNotFoundAndPublishesNothing() {
        String id = stack();
        long before = outboxRows(id);

        JsonNode other = json(post("other-token", """
                {"stack_id": "%s", "group": "workers", "event": "launched", "server_id": "ext-2"}""".formatted(id),
                "/v1/other/instance_notifications"), 404);
        assertThat(other.get("error").get("type").asText()).isEqualTo("EntityNotFound");
        assertThat(other.get("error").get("message").asText())
                .isEqualTo("The Stack (" + id + ") could not be found.");

        JsonNode unknown = json(post(TOKEN, """
                {"stack_id": "%s", "group": "nope", "event": "launched", "server_id": "ext-2"}""".formatted(id)), 404);
        assertThat(unknown.get("error").get("message").asText())
                .isEqualTo("The Resource (nope) could not be found in Stack s-" + id + ".");

        JsonNode plain = json(post(TOKEN, """
                {"stack_id": "%s", "group": "plain", "event": "launched", "server_id": "ext-2"}""".formatted(id)), 404);
        assertThat(plain.get("error").get("message").asText()).isEqualTo("The Resource (plain) in Stack s-" + id
                + " is OS::Heat::None, not a group whose members are counted (OS::Heat::AutoScalingGroup,"
                + " OS::Heat::ResourceGroup).");

        JsonNode notAnId = json(post(TOKEN, """
                {"stack_id": "s-%s", "group": "workers", "event": "launched", "server_id": "ext-2"}""".formatted(id)),
                404);
        assertThat(notAnId.get("error").get("message").asText()).isEqualTo("The Stack (s-" + id
                + ") could not be found.");

        assertThat(outboxRows(id)).isEqualTo(before);
        assertThat(instances(id)).isEmpty();
    }

    @Test
    void badFieldsAreRefusedWithAPreciseMessage() {
        String id = stack();
        long before = outboxRows(id);

        assertThat(message(post(TOKEN, """
                {"stack_id": "%s", "group": "workers", "event": "launched"}""".formatted(id)), 400))
                .isEqualTo("server_id must be specified");
        assertThat(message(post(TOKEN, """
                {"stack_id": "%s", "group": "workers", "event": "rebooted", "server_id": "x"}""".formatted(id)), 400))
                .isEqualTo("Invalid event: \"rebooted\" is not an allowed value [launched, terminated]");
        assertThat(message(post(TOKEN, """
                {"stack_id": "%s", "group": "workers", "server_id": "x"}""".formatted(id)), 400))
                .isEqualTo("event must be specified");
        assertThat(message(post(TOKEN, """
                {"stack_id": "%s", "group": "workers", "event": "launched", "server_id": 7}""".formatted(id)), 400))
                .isEqualTo("Invalid server_id: must be a string, not a number");
        assertThat(message(post(TOKEN, """
                {"stack_id": "%s", "group": "workers", "event": "launched", "server_id": "x", "size": 3}"""
                .formatted(id)), 400))
                .isEqualTo("Unknown field size: a notification has only stack_id, group, event, server_id, name,"
                        + " address");

        // Without a token nothing is read at all.
        given().contentType(ContentType.JSON).body("{}").post(PATH).then().statusCode(401);
        assertThat(outboxRows(id)).isEqualTo(before);
    }

    private static Response post(String token, String body) {
        return post(token, body, PATH);
    }

    private static Response post(String token, String body, String path) {
        return given().header("X-Auth-Token", token).contentType(ContentType.JSON).body(body).post(path);
    }

    private static JsonNode json(Response response, int status) {
        response.then().statusCode(status).header("Content-Type", "application/json");
        return HearthJson.readTree(response.asString());
    }

    private static String message(Response response, int status) {
        return json(response, status).get("error").get("message").asText();
    }

    /** The outbox rows under the stack tree's key, published or not. */
    private long outboxRows(String stackId) {
        return db.queryLong("select count(*) from outbox_event where aggregateid = ?", stackId);
    }

    private List<InstanceStateChanged> awaitInstances(String stackId, int count) {
        await().atMost(WAIT).until(() -> instances(stackId).size() >= count);
        return instances(stackId);
    }

    /** The stack's InstanceStateChanged events, under its tree's key, in order. */
    private List<InstanceStateChanged> instances(String stackId) {
        return lifecycle.records().stream().filter(r -> stackId.equals(r.key()))
                .map(r -> CloudEvent.parse(r.value())).filter(e -> InstanceStateChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(InstanceStateChanged.class)).toList();
    }
}
