package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.NestedStackUpdated;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Nested stacks in the read model: deployment-service's NestedStackCreated makes a stack with a parent, hidden
 * from the stack list unless {@code show_nested}, shown with {@code parent}, its resources listed under the
 * parent's with {@code nested_depth}.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class NestedStackApiTests {

    static final String MEMBER = """
            heat_template_version: 2021-04-16
            parameters:
              size: {type: number}
            resources:
              pw:
                type: OS::Heat::RandomString
                properties: {length: {get_param: size}}
            outputs:
              password: {value: {get_attr: [pw, value]}}
            """;

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private StackFixtures stacks;

    @BeforeEach
    void fixtures() {
        stacks = new StackFixtures(kafka);
    }

    @Test
    void aNestedStackIsHiddenUnlessShowNestedAndItsResourcesListUnderTheParent() {
        String name = StackFixtures.name();
        String id = createParent(name);
        String nestedId = UUID.randomUUID().toString();
        String nestedName = name + "-member-abcdefghijkl";
        JsonNode template = HearthJson.readTree("{\"heat_template_version\": \"2021-04-16\", \"parameters\": "
                + "{\"size\": {\"type\": \"number\"}}, \"resources\": {\"pw\": {\"type\": \"OS::Heat::RandomString\"}}}");
        stacks.nestedCreated(new NestedStackCreated(nestedId, "demo", nestedName, id, "member", template,
                HearthJson.readTree("{\"parameters\": {\"size\": 8}}"),
                new StackPlan("2021-04-16", null, Map.of("size", HearthJson.readTree("8")),
                        List.of(new PlannedResource("pw", "OS::Heat::RandomString", null, List.of(), null, null)),
                        Map.of(), null, true)));
        stacks.stackStatus(nestedId, nestedName, "CREATE", "IN_PROGRESS", 1);
        stacks.resourceStatus(id, "member", nestedId, "member.yaml", "CREATE", "IN_PROGRESS", "state changed", null);
        stacks.awaitEvents(nestedId, 1);
        stacks.awaitEvents(id, 1);

        api().get("/v1/demo/stacks?stack_name=" + nestedName).then().statusCode(200).body("stacks", equalTo(List.of()));
        api().get("/v1/demo/stacks?show_nested=true&stack_name=" + nestedName).then().statusCode(200)
                .body("stacks.id", contains(nestedId)).body("stacks[0].parent", equalTo(id));
        api().get("/v1/demo/stacks").then().statusCode(200).body("stacks.id", not(hasItem(nestedId)));
        api().get("/v1/demo/stacks?show_nested=true&owner_id=" + id).then().statusCode(200)
                .body("stacks.id", contains(nestedId));
        api().get("/v1/demo/stacks/" + nestedName + "/" + nestedId).then().statusCode(200)
                .body("stack.parent", equalTo(id)).body("stack.stack_status", equalTo("CREATE_IN_PROGRESS"));
        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200).body("stack.parent", nullValue());

        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        api().get(canonical + "/resources").then().statusCode(200)
                .body("resources.resource_name", contains("member"))
                .body("resources[0].physical_resource_id", equalTo(nestedId))
                .body("resources[0].links.find { it.rel == 'nested' }.href",
                        endsWith("/v1/demo/stacks/" + nestedName + "/" + nestedId))
                .body("resources[0]", not(org.hamcrest.Matchers.hasKey("parent_resource")));
        api().get(canonical + "/resources?nested_depth=1").then().statusCode(200)
                .body("resources.resource_name", containsInAnyOrder("member", "pw"))
                .body("resources.find { it.resource_name == 'pw' }.parent_resource", equalTo("member"))
                .body("resources.find { it.resource_name == 'pw' }.links.find { it.rel == 'stack' }.href",
                        endsWith("/stacks/" + nestedName + "/" + nestedId));
        api().get(canonical + "/resources/member").then().statusCode(200)
                .body("resource.physical_resource_id", equalTo(nestedId))
                .body("resource.links.rel", hasItem("nested"));
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> api().get("/v1/demo/stacks/" + nestedName + "/"
                + nestedId + "/template").then().statusCode(200).body("parameters.size.type", equalTo("number")));
    }

    /**
     * A nested stack's events and its parent's travel on different partitions (each keyed by its own stack), so a
     * grandchild's NestedStackCreated may be applied before its parent's: it is kept, and the listing finds it once
     * the parent arrives (deploy/demo-cluster lost such a member stack and listed fewer servers than members).
     */
    @Test
    void aNestedStackWhoseParentArrivesLaterIsKeptAndListed() {
        String name = StackFixtures.name();
        String id = api().body(Map.of("stack_name", name, "files", Map.of("member.yaml", MEMBER), "template", """
                heat_template_version: 2021-04-16
                resources:
                  group:
                    type: member.yaml
                    properties: {size: 8}
                """)).post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        String groupId = UUID.randomUUID().toString();
        String groupName = name + "-group-abcdefghijkl";
        String memberId = UUID.randomUUID().toString();
        String memberName = groupName + "-m0-mnopqrstuvwx";
        JsonNode template = HearthJson.readTree("{\"heat_template_version\": \"2021-04-16\"}");
        stacks.nestedCreated(new NestedStackCreated(memberId, "demo", memberName, groupId, "m0", template, null,
                new StackPlan("2021-04-16", null, Map.of(),
                        List.of(new PlannedResource("server", "OS::Heat::None", null, List.of(), null, null)),
                        Map.of(), null, true)));
        stacks.stackStatus(memberId, memberName, "CREATE", "COMPLETE", 1);
        stacks.awaitEvents(memberId, 1);
        api().get("/v1/demo/stacks/" + memberName + "/" + memberId).then().statusCode(200)
                .body("stack.parent", equalTo(groupId));

        stacks.nestedCreated(new NestedStackCreated(groupId, "demo", groupName, id, "group", template, null,
                new StackPlan("2021-04-16", null, Map.of(),
                        List.of(new PlannedResource("m0", "member.yaml", null, List.of(), null, null)),
                        Map.of(), null, true)));
        stacks.resourceStatus(groupId, "m0", memberId, "member.yaml", "CREATE", "COMPLETE", "state changed", null);
        stacks.resourceStatus(id, "group", groupId, "member.yaml", "CREATE", "COMPLETE", "state changed", null);
        stacks.awaitEvents(groupId, 1);
        stacks.awaitEvents(id, 1);
        api().get("/v1/demo/stacks/" + name + "/" + id + "/resources?nested_depth=2").then().statusCode(200)
                .body("resources.resource_name", containsInAnyOrder("group", "m0", "server"))
                .body("resources.find { it.resource_name == 'server' }.parent_resource", equalTo("m0"));
        api().get("/v1/demo/stacks?show_nested=true&owner_id=" + groupId).then().statusCode(200)
                .body("stacks.id", contains(memberId));
    }

    @Test
    void eventsWithNestedDepthListTheNestedStacksEventsWithTheirOwnStacksLinks() {
        String name = StackFixtures.name();
        String id = createParent(name);
        String child = nestedStack(id, name + "-member-abcdefghijkl", "member");
        String grandchild = nestedStack(child, name + "-member-abcdefghijkl-pw-mnopqrstuvwx", "pw");
        stacks.resourceStatus(id, "member", child, "member.yaml", "CREATE", "IN_PROGRESS", "state changed", null);
        stacks.resourceStatus(child, "pw", grandchild, "OS::Heat::Stack", "CREATE", "IN_PROGRESS", "state changed",
                null);
        stacks.resourceStatus(grandchild, "deep", "d-1", "OS::Heat::None", "CREATE", "COMPLETE", "state changed",
                null);
        stacks.awaitEvents(id, 1);
        stacks.awaitEvents(child, 2);
        stacks.awaitEvents(grandchild, 2);

        String events = "/v1/demo/stacks/" + name + "/" + id + "/events";
        api().get(events).then().statusCode(200).body("events.resource_name", contains("member"))
                .body("events[0].links.rel", not(hasItem("root_stack")));
        String childHref = "/v1/demo/stacks/" + name + "-member-abcdefghijkl/" + child;
        api().get(events + "?nested_depth=1&sort_dir=asc").then().statusCode(200)
                .body("events.resource_name", contains(name + "-member-abcdefghijkl", "member", "pw"))
                .body("events.find { it.resource_name == 'pw' }.links.find { it.rel == 'stack' }.href",
                        endsWith(childHref))
                .body("events.find { it.resource_name == 'pw' }.links.find { it.rel == 'self' }.href",
                        org.hamcrest.Matchers.containsString(childHref + "/resources/pw/events/"))
                .body("events.find { it.resource_name == 'pw' }.links.find { it.rel == 'root_stack' }.href",
                        endsWith("/v1/demo/stacks/" + name + "/" + id))
                .body("events.find { it.resource_name == 'member' }.links.find { it.rel == 'root_stack' }.href",
                        endsWith("/v1/demo/stacks/" + name + "/" + id))
                .body("events[0]", not(org.hamcrest.Matchers.hasKey("stack_name")));
        api().get(events + "?nested_depth=2&resource_name=deep").then().statusCode(200)
                .body("events.resource_name", contains("deep"))
                .body("events[0].links.find { it.rel == 'stack' }.href", endsWith("/" + grandchild));
        api().get(events + "?nested_depth=2").then().statusCode(200).body("events", org.hamcrest.Matchers.hasSize(5));
        api().get("/v1/demo/stacks/" + name + "/" + id + "/resources/pw/events?nested_depth=1").then()
                .statusCode(200).body("events.resource_name", contains("pw"));
        api().get(events + "?nested_depth=x").then().statusCode(400);
    }

    /** Creates a stack whose resource {@code member} is a template resource of {@link #MEMBER}; returns its id. */
    private static String createParent(String name) {
        return api().body(Map.of("stack_name", name, "files", Map.of("member.yaml", MEMBER), "template", """
                heat_template_version: 2021-04-16
                resources:
                  member:
                    type: member.yaml
                    properties: {size: 8}
                outputs:
                  password: {value: {get_attr: [member, password]}}
                """)).post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
    }

    /** A nested stack of that parent's resource, as deployment-service announces it, with its first status. */
    private String nestedStack(String parentId, String stackName, String resource) {
        String nestedId = UUID.randomUUID().toString();
        stacks.nestedCreated(new NestedStackCreated(nestedId, "demo", stackName, parentId, resource,
                HearthJson.readTree("{\"heat_template_version\": \"2021-04-16\"}"), null,
                new StackPlan("2021-04-16", null, Map.of(), List.of(), Map.of(), null, true)));
        stacks.stackStatus(nestedId, stackName, "CREATE", "IN_PROGRESS", 1);
        return nestedId;
    }

    @Test
    void aNestedStacksTemplateAndResourcesFollowItsUpdate() {
        String name = StackFixtures.name();
        String id = createParent(name);
        String nestedName = name + "-member-abcdefghijkl";
        String nestedId = nestedStack(id, nestedName, "member");
        String template = "/v1/demo/stacks/" + nestedName + "/" + nestedId + "/template";
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> api().get(template).then().statusCode(200)
                .body("heat_template_version", equalTo("2021-04-16")));

        JsonNode grown = HearthJson.readTree("{\"heat_template_version\": \"2015-04-30\", \"resources\": "
                + "{\"0\": {\"type\": \"OS::Heat::None\"}, \"1\": {\"type\": \"OS::Heat::None\"}}}");
        stacks.nestedUpdated(new NestedStackUpdated(nestedId, "demo", grown, null, new StackPlan("2015-04-30", null,
                Map.of(), List.of(new PlannedResource("0", "OS::Heat::None", null, List.of(), null, null),
                        new PlannedResource("1", "OS::Heat::None", null, List.of(), null, null)),
                Map.of(), null, true)));
        stacks.stackStatus(nestedId, nestedName, "UPDATE", "IN_PROGRESS", 2);

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> api().get(template).then().statusCode(200)
                .body("heat_template_version", equalTo("2015-04-30"))
                .body("resources.keySet()", containsInAnyOrder("0", "1")));
        api().get("/v1/demo/stacks/" + nestedName + "/" + nestedId + "/resources").then().statusCode(200)
                .body("resources.resource_name", containsInAnyOrder("0", "1"));
        api().get("/v1/demo/stacks/" + nestedName + "/" + nestedId).then().statusCode(200)
                .body("stack.stack_status", equalTo("UPDATE_IN_PROGRESS")).body("stack.parent", equalTo(id));
    }

    @Test
    void aNestedStackIsUpdatedAndDeletedDirectlyAsHeatAllowsIt() {
        String name = StackFixtures.name();
        String id = createParent(name);
        String nestedName = name + "-member-abcdefghijkl";
        String nestedId = nestedStack(id, nestedName, "member");
        stacks.stackStatus(nestedId, nestedName, "CREATE", "COMPLETE", 2);
        String nested = "/v1/demo/stacks/" + nestedName + "/" + nestedId;
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> api().get(nested).then().statusCode(200)
                .body("stack.stack_status", equalTo("CREATE_COMPLETE")));

        api().body(Map.of("existing", true)).patch(nested).then().statusCode(202);
        api().delete(nested).then().statusCode(204);

        // keyed by the tree's top-level stack (deployment-service's replica owning the tree reads them), naming
        // the nested stack
        for (String type : List.of(io.hearth.contracts.stack.v1.StackUpdateRequested.TYPE,
                io.hearth.contracts.stack.v1.StackDeleteRequested.TYPE)) {
            org.assertj.core.api.Assertions.assertThat(stacks.db().queryLong(
                    "select count(*) from outbox_event where aggregateid = ? and type = ? and payload like ?", id,
                    type, "%\"stackId\":\"" + nestedId + "\"%")).as(type).isEqualTo(1);
            org.assertj.core.api.Assertions.assertThat(stacks.db().queryLong(
                    "select count(*) from outbox_event where aggregateid = ? and type = ?", nestedId, type))
                    .as(type).isZero();
        }
    }
}
