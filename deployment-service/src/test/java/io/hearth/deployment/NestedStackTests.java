package io.hearth.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.signal.v1.NestedStackSettled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Nested stacks (template resources, OS::Heat::Stack) over the real topics and database, from plans that hot's
 * planner makes of templates and files as template-service does.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class NestedStackTests {

    private static final String MEMBER = """
            heat_template_version: 2021-04-16
            parameters:
              label: {type: string}
              wait: {type: number, default: 0}
              fail: {type: boolean, default: false}
            resources:
              pad: {type: OS::Heat::None}
              test:
                type: OS::Heat::TestResource
                properties: {value: {get_param: label}, wait_secs: {get_param: wait}, fail: {get_param: fail}}
            outputs:
              echoed: {value: {get_attr: [test, output]}}
              facade: {value: {resource_facade: metadata}}
            """;

    private static final String PARENT = """
            heat_template_version: 2021-04-16
            parameters:
              label: {type: string, default: first}
              wait: {type: number, default: 0}
              fail: {type: boolean, default: false}
            resources:
              member:
                type: My::Member
                metadata: {role: db}
                properties: {label: {get_param: label}, wait: {get_param: wait}, fail: {get_param: fail}}
              after:
                type: OS::Heat::Value
                properties: {value: {get_attr: [member, echoed]}}
            outputs:
              echoed: {value: {get_attr: [after, value]}}
              nested_id: {value: {get_attr: [member, OS::stack_id]}}
              reference: {value: {get_resource: member}}
              nested_ref: {value: {get_attr: [member, resource.test]}}
              nested_attr: {value: {get_attr: [member, resource.test.output]}}
              nested_path: {value: {get_attr: [member, resource.test, output]}}
              facade: {value: {get_attr: [member, facade, role]}}
            """;

    private final TestDatabase db = TestDatabase.schema("deployment");
    private final StackPlanner planner = new StackPlanner();

    @RegisterExtension
    final TopicRecords signals = new TopicRecords(Topics.SIGNALS);

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final TopicRecords compute = new TopicRecords(Topics.COMPUTE_SERVERS);

    private StackPlan plan(String id, String template, Map<String, JsonNode> parameters) {
        return plan(id, template, parameters, MEMBER);
    }

    private StackPlan plan(String id, String template, Map<String, JsonNode> parameters, String member) {
        JsonNode environment = new TemplateReader().readEnvironment("resource_registry: {\"My::Member\": member.yaml}")
                .document();
        return planner.plan(new TemplateReader().readTemplate(template).document(), environment, parameters,
                Map.of("member.yaml", member), new StackIdentity("s-" + id, id, "demo"), null, true);
    }

    private List<NestedStackCreated> nestedOf(String parentId) {
        return driver.allEvents().stream().filter(e -> NestedStackCreated.TYPE.equals(e.type()))
                .map(e -> e.dataAs(NestedStackCreated.class)).filter(n -> n.parentStackId().equals(parentId))
                .toList();
    }

    private NestedStackCreated nestedStack(String parentId) {
        await().atMost(StackDriver.WAIT).until(() -> nestedOf(parentId).size() == 1);
        return nestedOf(parentId).get(0);
    }

    @Test
    void aNestedStacksOutputsFlowToTheParentInOneStepWhenItsResourcesAreInstant() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, PARENT, Map.of()));

        driver.awaitStatus(id, "CREATE_COMPLETE");
        NestedStackCreated nested = nestedStack(id);
        assertThat(nested.stackName()).matches("s-" + id + "-member-[a-z2-7]{12}");
        assertThat(nested.parentResource()).isEqualTo("member");
        assertThat(nested.tenant()).isEqualTo("demo");
        assertThat(nested.template().path("outputs").has("echoed")).isTrue();
        assertThat(nested.environment().path("parameters").path("label").asText()).isEqualTo("first");
        assertThat(nested.environment().path("resource_registry").has("My::Member")).isFalse();
        List<CloudEvent> nestedEvents = driver.all(nested.stackId());
        assertThat(nestedEvents.get(0).type()).as("created before its first status").isEqualTo(NestedStackCreated.TYPE);
        assertThat(driver.log(nested.stackId())).containsExactly("stack CREATE_IN_PROGRESS", "pad CREATE_IN_PROGRESS",
                "pad CREATE_COMPLETE", "test CREATE_IN_PROGRESS", "test CREATE_COMPLETE", "stack CREATE_COMPLETE");
        assertThat(driver.log(id)).containsExactly("stack CREATE_IN_PROGRESS", "member CREATE_IN_PROGRESS",
                "member CREATE_COMPLETE", "after CREATE_IN_PROGRESS", "after CREATE_COMPLETE", "stack CREATE_COMPLETE");
        Map<String, JsonNode> outputs = driver.outputs(id);
        assertThat(outputs.get("echoed").asText()).isEqualTo("first");
        assertThat(outputs.get("nested_id").asText()).isEqualTo(nested.stackId());
        assertThat(outputs.get("reference").asText())
                .isEqualTo("arn:openstack:heat::demo:stacks/" + nested.stackName() + "/" + nested.stackId());
        assertThat(outputs.get("nested_ref").asText()).as("the nested resource's reference id")
                .startsWith(nested.stackName() + "-test-");
        assertThat(outputs.get("nested_attr").asText()).isEqualTo("first");
        assertThat(outputs.get("nested_path").asText()).isEqualTo("first");
        assertThat(outputs.get("facade").asText()).as("resource_facade: the parent's metadata").isEqualTo("db");
        ResourceStatusChanged member = driver.resources(id).get(1);
        assertThat(member.physicalResourceId()).isEqualTo(nested.stackId());
        assertThat(member.resourceType()).isEqualTo("My::Member");
        assertThat(db.queryLong("select count(*) from stack_runtime where id = ?::uuid and parent_stack_id = ?::uuid"
                + " and parent_resource = 'member' and nested_depth = 1", nested.stackId(), id)).isOne();
    }

    @Test
    void aParentWaitsForItsNestedStackAndCompletesWhenItSettles() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, PARENT, Map.of("wait", node("2"), "label", node("\"slow\""))));

        driver.awaitStatus(id, "CREATE_COMPLETE");
        String nested = nestedStack(id).stackId();
        List<String> log = driver.log(id);
        assertThat(log).containsExactly("stack CREATE_IN_PROGRESS", "member CREATE_IN_PROGRESS",
                "member CREATE_COMPLETE", "after CREATE_IN_PROGRESS", "after CREATE_COMPLETE", "stack CREATE_COMPLETE");
        StackStatusChanged nestedDone = driver.awaitStatus(nested, "CREATE_COMPLETE").get(1);
        ResourceStatusChanged memberDone = driver.resources(id).get(1);
        assertThat(memberDone.status()).isEqualTo("COMPLETE");
        assertThat(driver.time(id, memberDone::equals)).isAfterOrEqualTo(driver.time(nested, nestedDone::equals));
        assertThat(driver.outputs(id).get("echoed").asText()).isEqualTo("slow");

        // one key for the tree: a reader sees the nested stack complete before the parent's resource that owns it
        List<String> underRoot = driver.keyed(id);
        List<String> nestedEvents = driver.all(nested).stream().map(CloudEvent::id).toList();
        assertThat(driver.keyed(nested)).isEmpty();
        assertThat(underRoot).containsAll(nestedEvents);
        String nestedCompleted = driver.all(nested).stream().filter(e -> nestedDone.equals(e.dataAs(
                StackStatusChanged.class))).findFirst().orElseThrow().id();
        String memberCompleted = driver.all(id).stream().filter(e -> ResourceStatusChanged.TYPE.equals(e.type())
                && memberDone.equals(e.dataAs(ResourceStatusChanged.class))).findFirst().orElseThrow().id();
        assertThat(underRoot.indexOf(nestedCompleted)).isLessThan(underRoot.indexOf(memberCompleted));

        // the nested stack's end reaches its parent on hearth.signals keyed by the tree, naming the parent
        ConsumerRecord<String, String> settled = signals.records().stream()
                .filter(r -> r.value() != null && r.value().contains(NestedStackSettled.TYPE)
                        && nested.equals(CloudEvent.parse(r.value()).dataAs(NestedStackSettled.class).nestedStackId()))
                .findFirst().orElseThrow();
        assertThat(settled.key()).isEqualTo(id);
        assertThat(CloudEvent.parse(settled.value()).subject()).isEqualTo(id);
    }

    @Test
    void aNestedStackEndedByASignalSettlesItsParentInTheSameTransaction() {
        String member = """
                heat_template_version: 2021-04-16
                resources:
                  server:
                    type: OS::Nova::Server
                    properties: {image: fedora, flavor: m1.small}
                outputs:
                  address: {value: {get_attr: [server, first_address]}}
                """;
        String parent = """
                heat_template_version: 2021-04-16
                resources:
                  member: {type: My::Member}
                outputs:
                  address: {value: {get_attr: [member, address]}}
                """;
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, parent, Map.of(), member));
        String nested = nestedStack(id).stackId();
        await().atMost(StackDriver.WAIT).until(() -> !ComputeRecords.creates(compute.records(), nested).isEmpty());
        String server = ComputeRecords.creates(compute.records(), nested).get(0).serverId();

        driver.publish(Topics.SIGNALS, id, CloudEvent.of("/hearth/signal-gateway", nested, new ServerCheckedIn(nested,
                server, "10.0.0.7", "0.1.0", "boot-1", Instant.now())).toJson());

        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.outputs(id).get("address").asText()).isEqualTo("10.0.0.7");
        assertThat(driver.log(id)).containsExactly("stack CREATE_IN_PROGRESS", "member CREATE_IN_PROGRESS",
                "member CREATE_COMPLETE", "stack CREATE_COMPLETE");
        // the check-in's transaction ended the nested stack and its parent's resource: no NestedStackSettled went
        // through hearth.signals and a later batch
        assertThat(signals.records()).noneMatch(r -> r.value() != null && r.value().contains(NestedStackSettled.TYPE)
                && nested.equals(CloudEvent.parse(r.value()).dataAs(NestedStackSettled.class).nestedStackId()));
        List<String> underRoot = driver.keyed(id);
        String nestedCompleted = driver.all(nested).stream().filter(e -> StackStatusChanged.TYPE.equals(e.type())
                && "COMPLETE".equals(e.dataAs(StackStatusChanged.class).status())).findFirst().orElseThrow().id();
        String memberCompleted = driver.all(id).stream().filter(e -> ResourceStatusChanged.TYPE.equals(e.type())
                && "COMPLETE".equals(e.dataAs(ResourceStatusChanged.class).status())).findFirst().orElseThrow().id();
        assertThat(underRoot.indexOf(nestedCompleted)).isLessThan(underRoot.indexOf(memberCompleted));
    }

    @Test
    void aNestedResourcesFailureFailsTheParentNamingIt() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, PARENT, Map.of("fail", node("true"))));

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        String nested = nestedStack(id).stackId();
        assertThat(driver.statuses(nested).get(1).statusReason())
                .isEqualTo("Resource CREATE failed: ValueError: resources.test: Test Resource failed test");
        assertThat(driver.resources(id).get(1).statusReason())
                .isEqualTo("ValueError: resources.member.resources.test: Test Resource failed test");
        assertThat(statuses.get(1).statusReason())
                .isEqualTo("Resource CREATE failed: ValueError: resources.member.resources.test: Test Resource failed test");
        assertThat(driver.statesOf(id, "after")).isEmpty();
    }

    @Test
    void anAttributeTheNestedStackDoesNotOutputFailsItsReaderAsHeat() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, PARENT.replace("get_attr: [member, echoed]", "get_attr: [member, nope]"), Map.of()));

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "CREATE_FAILED");
        assertThat(statuses.get(1).statusReason())
                .isEqualTo("Resource CREATE failed: StackValidationFailed: The Referenced Attribute (member nope) is incorrect.");
    }

    @Test
    void deletingTheParentDeletesTheNestedStackFirst() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, PARENT, Map.of("wait", node("1"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        String nested = nestedStack(id).stackId();

        driver.delete(id);

        driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(driver.statuses(nested)).extracting(StackStatusChanged::stackStatus)
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE", "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(driver.statesOf(id, "member")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id in (?::uuid, ?::uuid)", id,
                nested)).isZero();
    }

    @Test
    void aNestedStackDeletedDirectlyLeavesItsParentAsItWasAndTheParentStillDeletes() {
        // Heat refuses no direct operation on a nested stack (heat_integrationtests
        // test_nested_stack_delete_then_delete_parent_stack)
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, PARENT, Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        String nested = nestedStack(id).stackId();

        driver.delete(nested);
        driver.awaitStatus(nested, "DELETE_COMPLETE");
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus)
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(driver.statesOf(id, "member")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(driver.statesOf(id, "member")).endsWith("DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(driver.statuses(nested)).extracting(StackStatusChanged::stackStatus)
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE", "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
    }

    @Test
    void updatingTheParentUpdatesTheNestedStackInPlace() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, PARENT, Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        String nested = nestedStack(id).stackId();

        driver.update(id, plan(id, PARENT, Map.of("label", node("\"second\""), "wait", node("1"))));

        driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(driver.statuses(nested)).extracting(StackStatusChanged::stackStatus)
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE", "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        assertThat(driver.statesOf(id, "member")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        assertThat(driver.outputs(id).get("echoed").asText()).isEqualTo("second");
        assertThat(driver.outputs(id).get("nested_id").asText()).isEqualTo(nested);
        assertThat(nestedOf(id)).hasSize(1);
    }

    /**
     * Heat's test_nested_preemption: a second update reaches the nested stack's resource while the first one's update
     * of it still runs; the nested stack's update is cancelled (its resources that can end early do), so the second
     * update goes on at once, here deleting the resource that still waits.
     */
    @Test
    void anUpdateWhileTheNestedStacksUpdateStillRunsPreemptsItAsHeatsHandlePreempt() {
        String slow = MEMBER.replace("wait_secs: {get_param: wait}", "action_wait_secs: {update: {get_param: wait}}");
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, PARENT, Map.of(), slow));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        String nested = nestedStack(id).stackId();

        // the first update's nested resource waits ten minutes to update (and none to delete)
        driver.update(id, plan(id, PARENT, Map.of("label", node("\"slow\""), "wait", node("600")), slow));
        await().atMost(StackDriver.WAIT).until(() -> driver.statesOf(nested, "test").contains("UPDATE_IN_PROGRESS"));
        String without = MEMBER.replaceAll("(?s)  test:.*?fail: \\{get_param: fail}}\n", "")
                .replace("{get_attr: [test, output]}", "{get_param: label}");
        driver.update(id, plan(id, PARENT, Map.of("label", node("\"third\"")), without));

        driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(driver.statuses(nested)).extracting(s -> s.stackStatus() + " " + s.statusReason())
                .containsSubsequence("UPDATE_IN_PROGRESS Stack UPDATE started", "UPDATE_FAILED Stack UPDATE cancelled",
                        "UPDATE_IN_PROGRESS Stack UPDATE started", "UPDATE_COMPLETE Stack UPDATE completed successfully");
        assertThat(driver.statesOf(nested, "test")).endsWith("DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(driver.outputs(id).get("echoed").asText()).isEqualTo("third");
    }

    @Test
    void anOsHeatStackRunsItsInlineTemplateWithItsParameters() {
        String id = UUID.randomUUID().toString();
        StackPlan plan = planner.plan(new TemplateReader().readTemplate("""
                heat_template_version: 2021-04-16
                resources:
                  inline:
                    type: OS::Heat::Stack
                    properties:
                      parameters: {word: hello}
                      template: |
                        heat_template_version: 2021-04-16
                        parameters:
                          word: {type: string}
                        resources:
                          none: {type: OS::Heat::None}
                        outputs:
                          said: {value: {get_param: word}}
                outputs:
                  said: {value: {get_attr: [inline, outputs, said]}}
                  name: {value: {get_attr: [inline, stack_name]}}
                """).document(), null, null, Map.of(), new StackIdentity("s-" + id, id, "demo"), null, true);

        driver.create(id, plan);

        driver.awaitStatus(id, "CREATE_COMPLETE");
        NestedStackCreated nested = nestedStack(id);
        assertThat(driver.outputs(id).get("said").asText()).isEqualTo("hello");
        assertThat(driver.outputs(id).get("name").asText()).isEqualTo(nested.stackName());
    }

    private static JsonNode node(String json) {
        return io.hearth.contracts.envelope.HearthJson.readTree(json);
    }
}
