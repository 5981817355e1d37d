package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsInAnyOrder;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.contracts.stack.v1.StackUpdateRequested;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * Stack update (PUT and PATCH) and update preview as a Heat client uses them, with
 * deployment-service's side played over the real topics: the new plan must reach
 * {@code hearth.stack.commands}, and the UPDATE statuses on {@code hearth.stack.events} must show.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackUpdateApiTests {

    private static final String V1 = """
            heat_template_version: 2018-08-31
            description: version one
            parameters:
              greeting:
                type: string
                default: hello
            outputs:
              greeting:
                value: {get_param: greeting}
            """;
    private static final String V2 = """
            heat_template_version: 2018-08-31
            description: version two
            parameters:
              greeting:
                type: string
                default: hello
              who:
                type: string
                default: world
            resources:
              pw: {type: OS::Heat::RandomString, properties: {length: 8}}
            outputs:
              message:
                description: who is greeted
                value: {list_join: [' ', [{get_param: greeting}, {get_param: who}]]}
            """;
    private static final String TWO_PARAMETERS = """
            heat_template_version: 2018-08-31
            parameters:
              a: {type: string, default: a0}
              b: {type: string, default: b0}
              locked: {type: string, default: l0, immutable: true}
            outputs:
              ab: {value: {list_join: ['-', [{get_param: a}, {get_param: b}]]}}
            """;

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private final TestDatabase db = TestDatabase.schema("template");

    private static RequestSpecification api() {
        return given().header("X-Auth-Token", "hearth-dev-token").contentType(ContentType.JSON).redirects()
                .follow(false);
    }

    private static String name() {
        return "u-" + UUID.randomUUID().toString().substring(0, 8);
    }

    /** Creates a stack and plays deployment-service's CREATE_COMPLETE; answers its canonical path. */
    private String completedStack(String name, Map<String, Object> body) {
        Map<String, Object> request = new LinkedHashMap<>(body);
        request.put("stack_name", name);
        String id = api().body(request).post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        publish(id, name, "CREATE", "IN_PROGRESS", "Stack CREATE started", null, 1);
        publish(id, name, "CREATE", "COMPLETE", "Stack CREATE completed successfully", Map.of(), 2);
        awaitStatus(id, "CREATE", "COMPLETE");
        return "/v1/demo/stacks/" + name + "/" + id;
    }

    @Test
    void putUpdatesTheStackSendsTheNewPlanAndShowsUpdateCompleteWithTheNewOutputs() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = name();
            String canonical = completedStack(name, Map.of("template", V1, "parameters", Map.of("greeting", "hi"),
                    "timeout_mins", 10, "disable_rollback", false));
            String id = canonical.substring(canonical.lastIndexOf('/') + 1);

            api().body(Map.of("template", V2, "parameters", Map.of("who", "Hearth"))).put(canonical)
                    .then().statusCode(202)
                    .body("code", equalTo("202 Accepted"))
                    .body("title", equalTo("Accepted"));
            api().get(canonical).then().statusCode(200)
                    .body("stack.stack_status", equalTo("UPDATE_IN_PROGRESS"))
                    .body("stack.stack_status_reason", equalTo("Stack UPDATE started"))
                    .body("stack.updated_time", notNullValue())
                    .body("stack.description", equalTo("version two"))
                    .body("stack.parameters.greeting", equalTo("hello"))
                    .body("stack.parameters.who", equalTo("Hearth"))
                    .body("stack.timeout_mins", equalTo(10))
                    .body("stack.disable_rollback", equalTo(false));

            StackUpdateRequested command = awaitUpdate(commands, id, 1);
            assertThat(command.stackName()).isEqualTo(name);
            assertThat(command.tenant()).isEqualTo("demo");
            assertThat(command.plan().description()).isEqualTo("version two");
            assertThat(command.plan().resources()).extracting(r -> r.name() + "=" + r.type())
                    .containsExactly("pw=OS::Heat::RandomString");
            assertThat(command.plan().outputs().get("message").value().asText()).isEqualTo("hello Hearth");
            assertThat(command.plan().parameters().get("who").asText()).isEqualTo("Hearth");
            assertThat(command.plan().timeoutMins()).isEqualTo(10);
            assertThat(command.plan().disableRollback()).isFalse();

            // a create status delivered late does not move the stack back
            publish(id, name, "CREATE", "COMPLETE", "Stack CREATE completed successfully", Map.of(), 2);
            await().atMost(Duration.ofSeconds(30)).until(() ->
                    db.queryLong("select count(*) from stack_event where stack_id = ?::uuid", id) == 3);
            api().get(canonical).then().body("stack.stack_status", equalTo("UPDATE_IN_PROGRESS"));

            publish(id, name, "UPDATE", "IN_PROGRESS", "Stack UPDATE started", null, 3);
            publish(id, name, "UPDATE", "COMPLETE", "Stack UPDATE completed successfully",
                    Map.of("message", "hello Hearth"), 4);
            awaitStatus(id, "UPDATE", "COMPLETE");
            api().get(canonical).then().statusCode(200)
                    .body("stack.stack_status", equalTo("UPDATE_COMPLETE"))
                    .body("stack.stack_status_reason", equalTo("Stack UPDATE completed successfully"))
                    .body("stack.updated_time", notNullValue())
                    .body("stack.outputs.size()", equalTo(1))
                    .body("stack.outputs[0].output_key", equalTo("message"))
                    .body("stack.outputs[0].output_value", equalTo("hello Hearth"))
                    .body("stack.outputs[0].description", equalTo("who is greeted"));
            api().get(canonical + "/template").then().statusCode(200)
                    .body("description", equalTo("version two"))
                    .body("parameters.who.default", equalTo("world"));
            api().get(canonical + "/events").then().statusCode(200)
                    .body("events.resource_status", hasItem("UPDATE_COMPLETE"));

            api().body(Map.of("template", V1, "timeout_mins", 20, "disable_rollback", true)).put(canonical)
                    .then().statusCode(202);
            api().get(canonical).then()
                    .body("stack.timeout_mins", equalTo(20))
                    .body("stack.disable_rollback", equalTo(true))
                    .body("stack.parameters.greeting", equalTo("hello"));
            assertThat(awaitUpdate(commands, id, 2).plan().timeoutMins()).isEqualTo(20);
        } finally {
            commands.close();
        }
    }

    @Test
    void patchKeepsWhatIsNotGivenAndClearParametersForgetsStoredValues() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = name();
            String canonical = completedStack(name, Map.of("template", TWO_PARAMETERS,
                    "parameters", Map.of("a", "A1", "b", "B1"),
                    "environment", Map.of("parameter_defaults", Map.of("locked", "L1"))));
            String id = canonical.substring(canonical.lastIndexOf('/') + 1);

            api().body(Map.of("parameters", Map.of("a", "A2"))).patch(canonical).then().statusCode(202);
            api().get(canonical).then()
                    .body("stack.stack_status", equalTo("UPDATE_IN_PROGRESS"))
                    .body("stack.parameters.a", equalTo("A2"))
                    .body("stack.parameters.b", equalTo("B1"))
                    .body("stack.parameters.locked", equalTo("L1"));
            assertThat(awaitUpdate(commands, id, 1).plan().outputs().get("ab").value().asText()).isEqualTo("A2-B1");
            completeUpdate(id, name, 4);

            api().body(Map.of("clear_parameters", List.of("b"))).patch(canonical).then().statusCode(202);
            api().get(canonical).then()
                    .body("stack.parameters.a", equalTo("A2"))
                    .body("stack.parameters.b", equalTo("b0"));
            assertThat(awaitUpdate(commands, id, 2).plan().outputs().get("ab").value().asText()).isEqualTo("A2-b0");
            completeUpdate(id, name, 6);

            // heatclient's PATCH semantics on a PUT: existing=true keeps the stored values too
            api().body(Map.of("template", TWO_PARAMETERS, "parameters", Map.of("b", "B3"), "existing", true))
                    .put(canonical).then().statusCode(202);
            api().get(canonical).then()
                    .body("stack.parameters.a", equalTo("A2"))
                    .body("stack.parameters.b", equalTo("B3"));
            completeUpdate(id, name, 8);

            // a plain PUT replaces everything: values not given fall back to the defaults
            api().body(Map.of("template", TWO_PARAMETERS, "environment",
                    Map.of("parameter_defaults", Map.of("locked", "L1")))).put(canonical).then().statusCode(202);
            api().get(canonical).then()
                    .body("stack.parameters.a", equalTo("a0"))
                    .body("stack.parameters.b", equalTo("b0"));
        } finally {
            commands.close();
        }
    }

    @Test
    void aRefusedUpdateChangesNothingAndSendsNothing() {
        String name = name();
        String canonical = completedStack(name, Map.of("template", TWO_PARAMETERS));
        String broken = """
                heat_template_version: 2018-08-31
                parameters:
                  a: {type: string, default: a0}
                resources:
                  pw: {type: OS::Heat::RandomString, properties: {length: 8, bogus: 1}}
                """;
        long outbox = db.queryLong("select count(*) from outbox_event");

        api().body(Map.of("template", broken)).put(canonical).then().statusCode(400)
                .body("error.type", equalTo("StackValidationFailed"))
                .body("error.message", containsString("resources.pw.properties: Unknown Property bogus"
                        + " (template, line 5, column "));
        api().body(Map.of("template", TWO_PARAMETERS, "parameters", Map.of("colour", "red"))).put(canonical)
                .then().statusCode(400)
                .body("error.message", equalTo("The Parameter (colour) was not defined in template."));
        api().body(Map.of("parameters", Map.of("locked", "other"))).patch(canonical).then().statusCode(400)
                .body("error.type", equalTo("ImmutableParameterModified"))
                .body("error.message", equalTo(
                        "The following parameters are immutable and may not be updated: locked"));
        api().body(Map.of("parameters", Map.of("a", "x"))).put(canonical).then().statusCode(400)
                .body("error.message", equalTo("No template specified: send 'template'"));
        api().body(Map.of("template_url", "http://example.com/t.yaml")).put(canonical).then().statusCode(400)
                .body("error.message", containsString("template_url is not supported"));
        api().body(Map.of("template", TWO_PARAMETERS, "timeout_mins", -1)).put(canonical).then().statusCode(400)
                .body("error.message", equalTo(
                        "Value '-1' is invalid for 'timeout_mins' which only accepts non-negative integer."));
        api().body(Map.of("environment", Map.of("bogus", 1))).patch(canonical).then().statusCode(400)
                .body("error.message", containsString("environment.bogus: environment has wrong section \"bogus\""));

        assertThat(db.queryLong("select count(*) from outbox_event")).isEqualTo(outbox);
        api().get(canonical).then().statusCode(200)
                .body("stack.stack_status", equalTo("CREATE_COMPLETE"))
                .body("stack.updated_time", nullValue())
                .body("stack.parameters.a", equalTo("a0"));
        api().get(canonical + "/template").then().body("parameters.b.default", equalTo("b0"));
    }

    @Test
    void anUpdateTakesOverACreateOrUpdateInProgressIsRefusedDuringACheckAndADeletedStackIsGone() {
        String name = name();
        String id = api().body(Map.of("stack_name", name, "template", V1)).post("/v1/demo/stacks")
                .then().statusCode(201).extract().path("stack.id");
        String canonical = "/v1/demo/stacks/" + name + "/" + id;

        // Heat's convergence: an update supersedes the create or update in progress
        api().body(Map.of("template", V2)).put(canonical).then().statusCode(202);
        api().get(canonical).then().body("stack.stack_status", equalTo("UPDATE_IN_PROGRESS"));
        api().body(Map.of("template", V1)).put(canonical).then().statusCode(202);
        api().get(canonical + "/template").then().body("description", equalTo("version one"));

        publish(id, name, "UPDATE", "COMPLETE", "Stack UPDATE completed successfully", Map.of(), 2);
        awaitStatus(id, "UPDATE", "COMPLETE");
        // not while a check is in progress
        api().body("{\"check\": null}").post(canonical + "/actions").then().statusCode(200);
        api().body(Map.of("template", V2)).put(canonical).then().statusCode(409)
                .body("error.type", equalTo("ActionInProgress"))
                .body("error.message", equalTo("Stack " + name + " already has an action (CHECK) in progress."));

        api().delete(canonical).then().statusCode(204);
        api().body(Map.of("template", V1)).put(canonical).then().statusCode(400)
                .body("error.type", equalTo("NotSupported"))
                .body("error.message", equalTo("Updating a stack when it is deleting is not supported."));
        publish(id, name, "DELETE", "COMPLETE", "Stack DELETE completed successfully", null, 6);
        await().atMost(Duration.ofSeconds(30)).until(() ->
                db.queryLong("select count(*) from stack where id = ?::uuid and deleted_at is not null", id) == 1);
        api().body(Map.of("template", V1)).put(canonical).then().statusCode(404)
                .body("error.message", equalTo("The Stack (" + name + ") could not be found."));
    }

    @Test
    void updatesFindTheStackByNameOrIdAndOnlyInTheCallersTenant() {
        String name = name();
        String canonical = completedStack(name, Map.of("template", V1));
        String id = canonical.substring(canonical.lastIndexOf('/') + 1);

        api().body(Map.of("template", V2)).put("/v1/demo/stacks/" + name).then().statusCode(302)
                .header("Location", endsWith(canonical));
        api().body(Map.of("template", V2)).patch("/v1/demo/stacks/" + id).then().statusCode(302)
                .header("Location", endsWith(canonical));
        api().body(Map.of("template", V2)).put("/v1/demo/stacks/nope").then().statusCode(404);
        api().body(Map.of("template", V2)).put("/v1/demo/stacks/" + name + "/" + UUID.randomUUID())
                .then().statusCode(404);

        given().header("X-Auth-Token", "other-token").contentType(ContentType.JSON)
                .body(Map.of("template", V2)).put("/v1/other/stacks/" + name + "/" + id)
                .then().statusCode(404).body("error.message", equalTo("The Stack (" + name + ") could not be found."));
        given().header("X-Auth-Token", "other-token").contentType(ContentType.JSON)
                .body(Map.of("template", V2)).put(canonical).then().statusCode(403);
        api().get(canonical).then().body("stack.stack_status", equalTo("CREATE_COMPLETE"));
    }

    @Test
    void updatePreviewShowsWhatWouldHappenToEachResourceAndChangesNothing() {
        String current = """
                heat_template_version: 2018-08-31
                resources:
                  pw: {type: OS::Heat::RandomString, properties: {length: 16}}
                  cfg: {type: OS::Heat::SoftwareConfig, properties: {config: {get_attr: [pw, value]}}}
                  stub: {type: OS::Heat::None, properties: {x: 1}}
                  gone: {type: OS::Heat::None}
                  test: {type: OS::Heat::TestResource, properties: {value: a}}
                  knob: {type: OS::Heat::TestResource, properties: {value: a}}
                """;
        String next = """
                heat_template_version: 2018-08-31
                resources:
                  pw: {type: OS::Heat::RandomString, properties: {length: 20}}
                  cfg: {type: OS::Heat::SoftwareConfig, properties: {config: {get_attr: [pw, value]}}}
                  stub: {type: OS::Heat::None, properties: {x: 2}}
                  extra: {type: OS::Heat::RandomString}
                  test: {type: OS::Heat::TestResource, properties: {value: b}}
                  knob: {type: OS::Heat::TestResource, properties: {update_replace: true}}
                """;
        String name = name();
        String canonical = completedStack(name, Map.of("template", current));
        long outbox = db.queryLong("select count(*) from outbox_event");

        api().body(Map.of("template", next)).put(canonical + "/preview").then().statusCode(200)
                .body("resource_changes.unchanged.resource_name", equalTo(List.of("cfg", "stub")))
                .body("resource_changes.updated.resource_name", equalTo(List.of("test")))
                .body("resource_changes.replaced.resource_name", equalTo(List.of("pw", "knob")))
                .body("resource_changes.added.resource_name", equalTo(List.of("extra")))
                .body("resource_changes.deleted.resource_name", equalTo(List.of("gone")))
                .body("resource_changes.replaced[0].resource_type", equalTo("OS::Heat::RandomString"))
                .body("resource_changes.replaced[0].required_by", equalTo(List.of("cfg")))
                .body("resource_changes.replaced[0].stack_name", equalTo(name))
                .body("resource_changes.replaced[0].resource_identity.path", equalTo("/resources/pw"));
        api().body(Map.of()).patch(canonical + "/preview").then().statusCode(200)
                .body("resource_changes.unchanged.resource_name",
                        containsInAnyOrder("pw", "cfg", "stub", "gone", "test", "knob"))
                .body("resource_changes.added.size()", equalTo(0));

        assertThat(db.queryLong("select count(*) from outbox_event")).isEqualTo(outbox);
        api().get(canonical).then().body("stack.stack_status", equalTo("CREATE_COMPLETE"));
        api().get(canonical + "/template").then().body("resources.gone.type", equalTo("OS::Heat::None"));
    }

    @Test
    void updatePreviewWithShowNestedListsTheResourcesOfNestedStacksWithTheirParentResource() {
        String parent = """
                heat_template_version: 2016-04-08
                resources:
                  outer: {type: outer.yaml}
                """;
        String outer = """
                heat_template_version: 2016-04-08
                resources:
                  inner: {type: inner.yaml}
                """;
        String one = """
                heat_template_version: 2016-04-08
                resources:
                  random: {type: OS::Heat::RandomString}
                """;
        String two = one + "  random2: {type: OS::Heat::RandomString}\n";
        String name = name();
        String canonical = completedStack(name, Map.of("template", parent,
                "files", Map.of("outer.yaml", outer, "inner.yaml", one)));
        Map<String, Object> adding = Map.of("template", parent, "files", Map.of("outer.yaml", outer, "inner.yaml", two));

        api().body(adding).put(canonical + "/preview?show_nested=True").then().statusCode(200)
                .body("resource_changes.updated.resource_name", equalTo(List.of("outer", "inner")))
                .body("resource_changes.updated[0]", not(hasKey("parent_resource")))
                .body("resource_changes.updated[1].parent_resource", equalTo("outer"))
                .body("resource_changes.unchanged.resource_name", equalTo(List.of("random")))
                .body("resource_changes.unchanged[0].parent_resource", equalTo("inner"))
                .body("resource_changes.added.resource_name", equalTo(List.of("random2")))
                .body("resource_changes.added[0].parent_resource", equalTo("inner"))
                .body("resource_changes.added[0].stack_name", equalTo(name + "-outer-inner"))
                .body("resource_changes.replaced.size()", equalTo(0))
                .body("resource_changes.deleted.size()", equalTo(0));
        api().body(adding).put(canonical + "/preview").then().statusCode(200)
                .body("resource_changes.updated.resource_name", equalTo(List.of("outer")))
                .body("resource_changes.unchanged.size()", equalTo(0))
                .body("resource_changes.added.size()", equalTo(0));
        api().body(Map.of("template", parent.replace("outer.yaml", "OS::Heat::None")))
                .put(canonical + "/preview?show_nested=true").then().statusCode(200)
                .body("resource_changes.replaced.resource_name", equalTo(List.of("outer")))
                .body("resource_changes.deleted.resource_name", equalTo(List.of("inner", "random")))
                .body("resource_changes.deleted.parent_resource", equalTo(List.of("outer", "inner")))
                .body("resource_changes.added.size()", equalTo(0));
        api().body(adding).put(canonical + "/preview?show_nested=yes").then().statusCode(400)
                .body("error.message", equalTo("Unrecognized value \"yes\" for \"show_nested\", acceptable values "
                        + "are: true, false."));
    }

    @Test
    void updatePreviewSaysWhichDeploymentsWouldRunAgainAndWhy() {
        String template = """
                heat_template_version: 2018-08-31
                parameters:
                  a: {type: string, default: a0}
                  b: {type: string, default: b0}
                resources:
                  server: {type: OS::Nova::Server, properties: {image: x, flavor: y}}
                  cfg:
                    type: OS::Heat::SoftwareConfig
                    properties: {config: echo, inputs: [{name: v}], outputs: [{name: out}]}
                  first:
                    type: OS::Heat::SoftwareDeployment
                    properties: {config: {get_resource: cfg}, server: {get_resource: server}, input_values: {v: {get_param: a}}}
                  second:
                    type: OS::Heat::SoftwareDeployment
                    properties: {config: {get_resource: cfg}, server: {get_resource: server}, input_values: {v: {get_param: b}}}
                  reader:
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      config: {get_resource: cfg}
                      server: {get_resource: server}
                      input_values: {v: {get_attr: [first, out]}}
                  once:
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      config: {get_resource: cfg}
                      server: {get_resource: server}
                      actions: [CREATE]
                      input_values: {v: {get_param: a}}
                """;
        String canonical = completedStack(name(), Map.of("template", template));

        api().body(Map.of("parameters", Map.of("a", "a1"))).patch(canonical + "/preview").then().statusCode(200)
                .body("resource_changes.updated.resource_name", containsInAnyOrder("first", "once"))
                .body("resource_changes.updated.find { it.resource_name == 'first' }.hearth_deployment.reruns",
                        equalTo("yes"))
                .body("resource_changes.updated.find { it.resource_name == 'first' }.hearth_deployment.changed_inputs",
                        equalTo(List.of("v")))
                .body("resource_changes.updated.find { it.resource_name == 'once' }.hearth_deployment.reruns",
                        equalTo("no"))
                .body("resource_changes.unchanged.find { it.resource_name == 'second' }.hearth_deployment.reruns",
                        equalTo("no"))
                .body("resource_changes.unchanged.find { it.resource_name == 'reader' }.hearth_deployment.reruns",
                        equalTo("maybe"))
                .body("resource_changes.unchanged.find { it.resource_name == 'reader' }.hearth_deployment"
                        + ".inputs_reading_changed_resources", equalTo(List.of("v")))
                .body("resource_changes.unchanged.find { it.resource_name == 'server' }", not(hasKey("hearth_deployment")));
    }

    private StackUpdateRequested awaitUpdate(ConsumerTask<String, String> commands, String id, int nth) {
        await().atMost(Duration.ofSeconds(30)).until(() -> updates(commands, id).size() >= nth);
        return updates(commands, id).get(nth - 1);
    }

    private static List<StackUpdateRequested> updates(ConsumerTask<String, String> commands, String id) {
        return commands.getRecords().stream().filter(r -> id.equals(r.key()))
                .map(r -> CloudEvent.parse(r.value()))
                .filter(e -> e.type().equals(StackUpdateRequested.TYPE))
                .map(e -> e.dataAs(StackUpdateRequested.class)).toList();
    }

    /**
     * Heat's {@code test_stack_update_rollback} and {@code test_stack_update_from_failed_patch}: once a failed update
     * rolls back, the resources it added and never started are not listed; a failed resource's replacement is listed
     * after the failed one (which never had a physical id) is deleted.
     */
    @Test
    void aRolledBackUpdatesUnstartedResourcesGoAndAFailedResourcesReplacementStays() {
        String name = name();
        String one = "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n";
        String canonical = completedStack(name, Map.of("template", one));
        String id = canonical.substring(canonical.lastIndexOf('/') + 1);
        resource(id, "a", "a-1", "CREATE", "COMPLETE");

        api().body(Map.of("template", one + "  b: {type: OS::Heat::None}\n", "disable_rollback", false))
                .put(canonical).then().statusCode(202);
        api().get(canonical + "/resources").then().statusCode(200)
                .body("resources.resource_name", containsInAnyOrder("a", "b"));
        publish(id, name, "UPDATE", "IN_PROGRESS", "Stack UPDATE started", null, 3);
        publish(id, name, "UPDATE", "FAILED", "Resource UPDATE failed: a", null, 4);
        publish(id, name, "ROLLBACK", "IN_PROGRESS", "Stack ROLLBACK started", null, 5);
        publish(id, name, "ROLLBACK", "COMPLETE", "Stack ROLLBACK completed successfully", Map.of(), 6);
        awaitStatus(id, "ROLLBACK", "COMPLETE");
        api().get(canonical + "/resources").then().statusCode(200)
                .body("resources.resource_name", containsInAnyOrder("a"));

        // a failed a (no physical id) is replaced, then deleted: the replacement is the a listed
        resource(id, "a", null, "CREATE", "FAILED");
        resource(id, "a", "a-2", "CREATE", "COMPLETE");
        resource(id, "a", null, "DELETE", "IN_PROGRESS");
        resource(id, "a", null, "DELETE", "COMPLETE");
        await().atMost(Duration.ofSeconds(30)).until(() -> db.queryLong(
                "select count(*) from stack_event where stack_id = ?::uuid and resource_name = 'a'", id) == 5);
        api().get(canonical + "/resources").then().statusCode(200)
                .body("resources.resource_name", containsInAnyOrder("a"))
                .body("resources[0].physical_resource_id", equalTo("a-2"))
                .body("resources[0].resource_status", equalTo("CREATE_COMPLETE"));
    }

    private void resource(String id, String resource, String physicalId, String action, String status) {
        CloudEvent event = CloudEvent.of("/hearth/deployment-service", id, new ResourceStatusChanged(id, "demo",
                resource, physicalId, "OS::Heat::None", action, status, "state changed", null));
        kafka.produceStrings().fromRecords(new ProducerRecord<>(Topics.STACK_EVENTS, id, event.toJson()))
                .awaitCompletion();
    }

    private void completeUpdate(String id, String name, long version) {
        publish(id, name, "UPDATE", "COMPLETE", "Stack UPDATE completed successfully", Map.of(), version);
        awaitStatus(id, "UPDATE", "COMPLETE");
    }

    private void awaitStatus(String id, String action, String status) {
        await().atMost(Duration.ofSeconds(30)).until(() -> db.queryLong(
                "select count(*) from stack where id = ?::uuid and action = ? and status = ?", id, action, status) == 1);
    }

    private void publish(String id, String name, String action, String status, String reason,
            Map<String, String> outputs, long version) {
        Map<String, JsonNode> values = null;
        if (outputs != null) {
            values = new LinkedHashMap<>();
            for (Map.Entry<String, String> output : outputs.entrySet()) {
                values.put(output.getKey(), TextNode.valueOf(output.getValue()));
            }
        }
        CloudEvent event = CloudEvent.of("/hearth/deployment-service", id,
                new StackStatusChanged(id, "demo", name, action, status, reason, values, version));
        kafka.produceStrings().fromRecords(new ProducerRecord<>(Topics.STACK_EVENTS, id, event.toJson()))
                .awaitCompletion();
    }
}
