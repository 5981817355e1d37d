package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.empty;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.everyItem;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The resources API as a Heat client uses it: the plan's resources appear at once as
 * INIT_COMPLETE, then follow what deployment-service reports on {@code hearth.stack.events};
 * mark-unhealthy puts Heat's request on {@code hearth.stack.commands}.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ResourceApiTests {

    static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            resources:
              pw:
                type: OS::Heat::RandomString
                description: the password
                metadata: {role: secret}
              marker:
                type: OS::Heat::None
                depends_on: pw
              cfg:
                type: OS::Heat::SoftwareConfig
                properties:
                  config: {get_attr: [pw, value]}
            """;

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private StackFixtures stacks;

    @BeforeEach
    void fixtures() {
        stacks = new StackFixtures(kafka);
    }

    @Test
    void plannedResourcesListAsInitCompleteWithWhatRequiresThem() {
        String name = StackFixtures.name();
        String id = stacks.create(name, TEMPLATE);
        String canonical = "/v1/demo/stacks/" + name + "/" + id;

        api().get(canonical + "/resources").then().statusCode(200)
                .body("resources.resource_name", containsInAnyOrder("pw", "marker", "cfg"))
                .body("resources.logical_resource_id", containsInAnyOrder("pw", "marker", "cfg"))
                .body("resources.resource_status", everyItem(equalTo("INIT_COMPLETE")))
                .body("resources.physical_resource_id", everyItem(equalTo("")))
                .body("resources.find { it.resource_name == 'pw' }.required_by", containsInAnyOrder("marker", "cfg"))
                .body("resources.find { it.resource_name == 'cfg' }.required_by", empty())
                .body("resources.find { it.resource_name == 'pw' }.resource_type", equalTo("OS::Heat::RandomString"))
                .body("resources.find { it.resource_name == 'pw' }.links[0].href", endsWith(canonical + "/resources/pw"))
                .body("resources.find { it.resource_name == 'pw' }.links[1].rel", equalTo("stack"))
                .body("resources[0]", not(hasKey("attributes")))
                .body("resources[0]", hasKey("creation_time"));
        api().get(canonical + "/resources/pw/metadata").then().statusCode(200).body("metadata.role", equalTo("secret"));
        api().get(canonical + "/resources/marker/metadata").then().statusCode(200).body("metadata", equalTo(Map.of()));
        api().get(canonical + "/resources/nope").then().statusCode(404)
                .body("error.type", equalTo("ResourceNotFound"))
                .body("error.message", equalTo("The Resource (nope) could not be found in Stack " + name + "."));
        api().get("/v1/demo/stacks/" + name + "/resources?type=Random").then().statusCode(302)
                .header("Location", endsWith(canonical + "/resources?type=Random"));
        api().get("/v1/demo/stacks/" + id + "/resources").then().statusCode(302)
                .header("Location", endsWith(canonical + "/resources"));
        // a template resource's reference id, an ARN, names the stack too (heatclient quotes its colons)
        api().urlEncodingEnabled(false).get("/v1/demo/stacks/arn%3Aopenstack%3Aheat%3A%3Ademo%3Astacks/" + name + "/"
                + id + "/resources/pw?with_attr=value").then().statusCode(302)
                .header("Location", endsWith(canonical + "/resources/pw?with_attr=value"));
    }

    @Test
    void reportedStatusesShowInListAndShowWithFiltersAndAttributes() {
        String name = StackFixtures.name();
        String id = stacks.create(name, TEMPLATE);
        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        stacks.resourceStatus(id, "pw", null, "OS::Heat::RandomString", "CREATE", "IN_PROGRESS", "state changed", null);
        stacks.resourceStatus(id, "pw", "pw-1", "OS::Heat::RandomString", "CREATE", "COMPLETE", "state changed",
                Map.of("value", TextNode.valueOf("s3cret"), "hearth.resources", TextNode.valueOf("kept inside")));
        stacks.resourceStatus(id, "cfg", null, "OS::Heat::SoftwareConfig", "CREATE", "IN_PROGRESS", "state changed",
                null);
        awaitResource(id, "cfg", "CREATE", "IN_PROGRESS");

        api().get(canonical + "/resources/pw").then().statusCode(200)
                .body("resource.resource_status", equalTo("CREATE_COMPLETE"))
                .body("resource.resource_status_reason", equalTo("state changed"))
                .body("resource.physical_resource_id", equalTo("pw-1"))
                .body("resource.description", equalTo("the password"))
                .body("resource.attributes.value", equalTo("s3cret"))
                .body("resource.attributes", not(hasKey("hearth.resources")))
                .body("resource.required_by", containsInAnyOrder("marker", "cfg"));
        api().get(canonical + "/resources/cfg?with_attr=extra").then().statusCode(200)
                .body("resource.attributes", hasKey("config"))
                .body("resource.attributes", hasKey("extra"))
                .body("resource.attributes.config", nullValue());

        assertThat(names(canonical, "type=Random")).containsExactly("pw");
        assertThat(names(canonical, "status=CREATE_COMPLETE")).containsExactly("pw");
        assertThat(names(canonical, "status=COMPLETE")).containsExactlyInAnyOrder("pw", "marker");
        assertThat(names(canonical, "status=IN_PROGRESS&status=CREATE_COMPLETE")).containsExactlyInAnyOrder("pw", "cfg");
        assertThat(names(canonical, "action=INIT")).containsExactly("marker");
        assertThat(names(canonical, "name=pw&name=marker")).containsExactlyInAnyOrder("pw", "marker");
        assertThat(names(canonical, "id=pw-1")).containsExactly("pw");
        assertThat(names(canonical, "physical_resource_id=pw-1")).containsExactly("pw");
        assertThat(names(canonical, "status=BOGUS")).isEmpty();
        assertThat(names(canonical, "nested_depth=2")).hasSize(3);
        api().get(canonical + "/resources?with_detail=true").then().statusCode(200)
                .body("resources.find { it.resource_name == 'pw' }.attributes.value", equalTo("s3cret"))
                .body("resources.find { it.resource_name == 'pw' }.description", equalTo("the password"));
        api().get(canonical + "/resources?bogus=1&name=pw").then().statusCode(400)
                .body("error.message", equalTo("Invalid filter parameters ['bogus']"));
        api().get(canonical + "/resources?nested_depth=deep").then().statusCode(400)
                .body("error.message", equalTo("Only integer is acceptable by 'nested_depth'."));
        api().get(canonical + "/resources?with_detail=yes").then().statusCode(400)
                .body("error.message", equalTo("Unrecognized value \"yes\" for \"with_detail\", acceptable values are: true, false."));
    }

    @Test
    void markUnhealthyAsksDeploymentServiceAndItsCheckFailedReportShows() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = StackFixtures.name();
            String id = stacks.create(name, TEMPLATE);
            String canonical = "/v1/demo/stacks/" + name + "/" + id;
            stacks.resourceStatus(id, "pw", "pw-1", "OS::Heat::RandomString", "CREATE", "COMPLETE", "state changed", null);
            awaitResource(id, "pw", "CREATE", "COMPLETE");

            String answer = api().body(Map.of("mark_unhealthy", true, "resource_status_reason", "disk gone"))
                    .patch(canonical + "/resources/pw").then().statusCode(200).extract().asString();
            assertThat(answer).isEqualTo("null");
            api().body(Map.of("mark_unhealthy", "False")).patch(canonical + "/resources/pw-1").then().statusCode(200);

            await().atMost(Duration.ofSeconds(30)).until(() -> actions(commands, id).size() == 2);
            List<StackActionRequested> asked = actions(commands, id);
            assertThat(asked.get(0)).isEqualTo(new StackActionRequested(id, "demo", name,
                    StackActionRequested.MARK_UNHEALTHY, "pw", "disk gone"));
            assertThat(asked.get(1)).isEqualTo(new StackActionRequested(id, "demo", name,
                    StackActionRequested.MARK_HEALTHY, "pw", "state changed by resource_mark_unhealthy api"));

            stacks.resourceStatus(id, "pw", "pw-1", "OS::Heat::RandomString", "CHECK", "FAILED", "disk gone", null);
            awaitResource(id, "pw", "CHECK", "FAILED");
            api().get(canonical + "/resources/pw").then().statusCode(200)
                    .body("resource.resource_status", equalTo("CHECK_FAILED"))
                    .body("resource.resource_status_reason", equalTo("disk gone"))
                    .body("resource.physical_resource_id", equalTo("pw-1"));
            api().get(canonical + "/resources/pw/events").then().statusCode(200)
                    .body("events.resource_status", hasItem("CHECK_FAILED"));
        } finally {
            commands.close();
        }
    }

    @Test
    void markUnhealthyIsSeenByTheNextShowAndMarkHealthyBringsItBack() {
        String name = StackFixtures.name();
        String id = stacks.create(name, TEMPLATE);
        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        stacks.resourceStatus(id, "pw", "pw-1", "OS::Heat::RandomString", "CREATE", "COMPLETE", "state changed", null);
        stacks.stackStatus(id, name, "CREATE", "COMPLETE", 2);
        awaitResource(id, "pw", "CREATE", "COMPLETE");
        await().atMost(Duration.ofSeconds(30)).until(() -> stacks.db().queryLong(
                "select count(*) from stack where id = ?::uuid and status = 'COMPLETE'", id) == 1);

        api().body(Map.of("mark_unhealthy", true, "resource_status_reason", "disk gone"))
                .patch(canonical + "/resources/pw").then().statusCode(200);
        api().get(canonical + "/resources/pw").then().statusCode(200)
                .body("resource.resource_status", equalTo("CHECK_FAILED"))
                .body("resource.resource_status_reason", equalTo("disk gone"));

        api().body(Map.of("mark_unhealthy", false)).patch(canonical + "/resources/pw-1").then().statusCode(200);
        api().get(canonical + "/resources/pw").then().statusCode(200)
                .body("resource.resource_status", equalTo("CHECK_COMPLETE"))
                .body("resource.resource_status_reason", equalTo("state changed by resource_mark_unhealthy api"));
        // healthy again: a second "healthy" changes nothing, as in Heat
        api().body(Map.of("mark_unhealthy", false, "resource_status_reason", "again"))
                .patch(canonical + "/resources/pw").then().statusCode(200);
        api().get(canonical + "/resources/pw").then()
                .body("resource.resource_status_reason", equalTo("state changed by resource_mark_unhealthy api"));
    }

    @Test
    void aTypeTheEnvironmentMapsIsShownAsTheTemplateNamesItInListShowAndEvents() {
        String name = StackFixtures.name();
        String id = api().body(Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                resources:
                  test: {type: My::TestResource}
                  pw: {type: OS::Heat::RandomString}
                """, "environment", Map.of("resource_registry", Map.of("My::TestResource", "OS::Heat::None"))))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        api().get(canonical + "/resources").then().statusCode(200)
                .body("resources.find { it.resource_name == 'test' }.resource_type", equalTo("My::TestResource"));

        // deployment-service reports the type the registry mapped it to
        stacks.resourceStatus(id, "test", "t-1", "OS::Heat::None", "CREATE", "COMPLETE", "state changed", null);
        awaitResource(id, "test", "CREATE", "COMPLETE");
        api().get(canonical + "/resources/test").then().statusCode(200)
                .body("resource.resource_type", equalTo("My::TestResource"));
        api().get(canonical + "/resources?type=My::Test").then().statusCode(200)
                .body("resources.resource_name", contains("test"));
        String event = api().get(canonical + "/resources/test/events").then().statusCode(200)
                .extract().path("events[0].id");
        api().get(canonical + "/resources/test/events/" + event).then().statusCode(200)
                .body("event.resource_type", equalTo("My::TestResource"));
    }

    @Test
    void restrictedActionsGoToDeploymentServiceInThePlanAndTheRefusalIsOnlyAnEvent() {
        String name = StackFixtures.name();
        String id = api().body(Map.of("stack_name", name, "template", TEMPLATE, "environment", Map.of(
                "resource_registry", Map.of("resources", Map.of("p*", Map.of("restricted_actions", "replace"),
                        "marker", Map.of("restricted_actions", List.of("update")))))))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        assertThat(stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ? and jsonb_path_exists("
                + "payload::jsonb, '$.data.plan.resources[*] ? (@.name == \"pw\" && @.restrictedActions[0] == \"replace\")')"
                + " and jsonb_path_exists(payload::jsonb, '$.data.plan.resources[*] ? (@.name == \"marker\""
                + " && @.restrictedActions[0] == \"update\")') and not jsonb_path_exists(payload::jsonb,"
                + " '$.data.plan.resources[*] ? (@.name == \"cfg\").restrictedActions')", id)).isOne();
        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        stacks.resourceStatus(id, "marker", "m-1", "OS::Heat::None", "CREATE", "COMPLETE", "state changed", null);
        stacks.resourceEventOnly(id, "marker", "OS::Heat::None", "UPDATE", "FAILED", "update is restricted for resource.");
        stacks.awaitEvents(id, 2);
        api().get(canonical + "/resources/marker").then().statusCode(200)
                .body("resource.resource_status", equalTo("CREATE_COMPLETE"))
                .body("resource.resource_status_reason", equalTo("state changed"));
        api().get(canonical + "/resources/marker/events").then().statusCode(200)
                .body("events.resource_status_reason", hasItem("update is restricted for resource."));

        api().body(Map.of("stack_name", StackFixtures.name(), "template", TEMPLATE, "environment", Map.of(
                "resource_registry", Map.of("resources", Map.of("pw", Map.of("restricted_actions",
                        List.of("update", "bogus")))))))
                .post("/v1/demo/stacks").then().statusCode(400)
                .body("error.type", equalTo("InvalidRestrictedAction"))
                .body("error.message", equalTo("Invalid restricted_action type \"['update', 'bogus']\" for resource,"
                        + " acceptable restricted_action types are: ('update', 'replace')"));
    }

    @Test
    void markUnhealthyRefusesBadBodiesAndUnknownResourcesAndSendsNothing() {
        String name = StackFixtures.name();
        String id = stacks.create(name, TEMPLATE);
        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        long before = stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ?", id);

        api().body(Map.of()).patch(canonical + "/resources/pw").then().statusCode(400)
                .body("error.message", equalTo("Missing mandatory (mark_unhealthy) key from mark unhealthy request"));
        api().body(Map.of("mark_unhealthy", "maybe")).patch(canonical + "/resources/pw").then().statusCode(400)
                .body("error.message", equalTo(
                        "Unrecognized value \"maybe\" for \"mark_unhealthy\", acceptable values are: true, false."));
        api().body(Map.of("mark_unhealthy", true, "colour", "red")).patch(canonical + "/resources/pw")
                .then().statusCode(400)
                .body("error.message", equalTo("Invalid keys in resource mark unhealthy {'colour'}"));
        api().body(Map.of("mark_unhealthy", true)).patch(canonical + "/resources/nope").then().statusCode(404)
                .body("error.message", equalTo("The Resource (nope) could not be found in Stack " + name + "."));
        api().body(Map.of("mark_unhealthy", true)).patch("/v1/demo/stacks/" + name + "/" + java.util.UUID.randomUUID()
                + "/resources/pw").then().statusCode(404)
                .body("error.message", equalTo("The Stack (" + name + ") could not be found."));
        assertThat(stacks.db().queryLong("select count(*) from outbox_event where aggregateid = ?", id))
                .isEqualTo(before);
    }

    @Test
    void aResourceDeletedByAnUpdateDisappearsWhileAStackDeleteLeavesItsResourcesDeleteComplete() {
        String name = StackFixtures.name();
        String id = stacks.create(name, TEMPLATE);
        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        stacks.resourceStatus(id, "marker", "m-1", "OS::Heat::None", "CREATE", "COMPLETE", "state changed", null);
        stacks.resourceStatus(id, "marker", "m-0", "OS::Heat::None", "DELETE", "COMPLETE", "replaced", null);
        stacks.resourceStatus(id, "cfg", "c-1", "OS::Heat::SoftwareConfig", "DELETE", "COMPLETE", "removed", null);
        stacks.awaitEvents(id, 3);
        assertThat(names(canonical, "")).containsExactlyInAnyOrder("pw", "marker");
        api().get(canonical + "/resources/marker").then().body("resource.resource_status", equalTo("CREATE_COMPLETE"));

        api().delete(canonical).then().statusCode(204);
        stacks.resourceStatus(id, "marker", "m-1", "OS::Heat::None", "DELETE", "COMPLETE", "state changed", null);
        stacks.stackStatus(id, name, "DELETE", "COMPLETE", 5);
        await().atMost(Duration.ofSeconds(30)).until(() -> stacks.db().queryLong(
                "select count(*) from stack where id = ?::uuid and deleted_at is not null", id) == 1);
        api().get(canonical + "/resources").then().statusCode(200)
                .body("resources.find { it.resource_name == 'marker' }.resource_status", equalTo("DELETE_COMPLETE"));
        api().get(canonical + "/resources/marker").then().statusCode(404)
                .body("error.message", equalTo("The Stack (" + name + ") could not be found."));
    }

    @Test
    void anotherTenantSeesNoneOfItAndTokensAreChecked() {
        String name = StackFixtures.name();
        String id = stacks.create(name, TEMPLATE);
        String path = "/stacks/" + name + "/" + id + "/resources";
        given().header("X-Auth-Token", "other-token").get("/v1/other" + path).then().statusCode(404)
                .body("error.message", equalTo("The Stack (" + name + ") could not be found."));
        given().header("X-Auth-Token", "other-token").get("/v1/other" + path + "/pw").then().statusCode(404);
        given().header("X-Auth-Token", "other-token").contentType("application/json")
                .body(Map.of("mark_unhealthy", true)).patch("/v1/other" + path + "/pw").then().statusCode(404);
        given().header("X-Auth-Token", "other-token").get("/v1/demo" + path).then().statusCode(403);
        given().header("X-Auth-Token", "forged").get("/v1/demo" + path).then().statusCode(401);
        given().get("/v1/demo" + path + "/pw/metadata").then().statusCode(401);
    }

    private static List<String> names(String canonical, String query) {
        return api().get(canonical + "/resources" + (query.isEmpty() ? "" : "?" + query)).then().statusCode(200)
                .extract().jsonPath().getList("resources.resource_name", String.class);
    }

    private void awaitResource(String id, String resource, String action, String status) {
        await().atMost(Duration.ofSeconds(30)).until(() -> stacks.db().queryLong("select count(*) from stack_resource"
                + " where stack_id = ?::uuid and name = ? and action = ? and status = ?", id, resource, action, status) == 1);
    }

    private static List<StackActionRequested> actions(ConsumerTask<String, String> commands, String id) {
        return commands.getRecords().stream().filter(r -> id.equals(r.key()))
                .map(r -> CloudEvent.parse(r.value()))
                .filter(e -> e.type().equals(StackActionRequested.TYPE))
                .map(e -> e.dataAs(StackActionRequested.class)).toList();
    }
}
