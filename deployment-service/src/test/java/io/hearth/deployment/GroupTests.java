package io.hearth.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.NestedStackUpdated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ResourceGroup, AutoScalingGroup with a ScalingPolicy, and SoftwareDeploymentGroup over the real topics and
 * database, from plans that hot's planner makes of templates as template-service does.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class GroupTests {

    private static final String GROUP = """
            heat_template_version: 2021-04-16
            parameters:
              count: {type: number}
              removed: {type: json, default: []}
            resources:
              group:
                type: OS::Heat::ResourceGroup
                properties:
                  count: {get_param: count}
                  removal_policies: [{resource_list: {get_param: removed}}]
                  resource_def:
                    type: OS::Heat::RandomString
                    properties: {length: 8, salt: "member-%index%"}
            outputs:
              refs_map: {value: {get_attr: [group, refs_map]}}
              values: {value: {get_attr: [group, value]}}
              removed: {value: {get_attr: [group, removed_rsrc_list]}}
              first: {value: {get_attr: [group, resource.0.value]}}
              missing: {value: {get_attr: [group, resource.1.value]}}
            """;

    private static final String SCALING = """
            heat_template_version: 2021-04-16
            resources:
              asg:
                type: OS::Heat::AutoScalingGroup
                properties:
                  min_size: 1
                  max_size: 4
                  desired_capacity: 2
                  resource: {type: OS::Heat::RandomString}
              scale_out:
                type: OS::Heat::ScalingPolicy
                properties:
                  auto_scaling_group_id: {get_resource: asg}
                  adjustment_type: change_in_capacity
                  scaling_adjustment: 1
                  cooldown: 60
            outputs:
              alarm: {value: {get_attr: [scale_out, alarm_url]}}
              signal: {value: {get_attr: [scale_out, signal_url]}}
              size: {value: {get_attr: [asg, current_size]}}
            """;

    private static final String DEPLOYMENTS = """
            heat_template_version: 2021-04-16
            parameters:
              servers: {type: json}
            resources:
              config:
                type: OS::Heat::SoftwareConfig
                properties: {group: script, config: "echo hi"}
              deployments:
                type: OS::Heat::SoftwareDeploymentGroup
                properties:
                  config: {get_resource: config}
                  servers: {get_param: servers}
                  signal_transport: NO_SIGNAL
            outputs:
              codes: {value: {get_attr: [deployments, deploy_status_codes]}}
            """;

    private static final String CHAIN = """
            heat_template_version: 2021-04-16
            parameters:
              types: {type: comma_delimited_list}
              concurrent: {type: boolean, default: false}
            resources:
              chain:
                type: OS::Heat::ResourceChain
                properties:
                  resources: {get_param: types}
                  concurrent: {get_param: concurrent}
                  resource_properties: {value: shared}
            outputs:
              refs: {value: {get_attr: [chain, refs]}}
              second_ref: {value: {get_attr: [chain, refs, 1]}}
              values: {value: {get_attr: [chain, value]}}
              by_name: {value: {get_attr: [chain, attributes, value]}}
              first: {value: {get_attr: [chain, resource.0]}}
              first_output: {value: {get_attr: [chain, resource.0.output]}}
              refs_map: {value: {get_attr: [chain, refs_map]}}
              missing: {value: {get_attr: [chain, resource.1]}}
            """;

    private final StackPlanner planner = new StackPlanner();

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    private StackPlan plan(String id, String template, Map<String, JsonNode> parameters) {
        return planner.plan(new TemplateReader().readTemplate(template).document(), null, parameters, Map.of(),
                new StackIdentity("s-" + id, id, "demo"), null, true);
    }

    private String nested(String parentId) {
        await().atMost(StackDriver.WAIT).until(() -> nestedOf(parentId).size() == 1);
        return nestedOf(parentId).get(0);
    }

    private List<String> nestedOf(String parentId) {
        return driver.allEvents().stream().filter(e -> NestedStackCreated.TYPE.equals(e.type()))
                .map(e -> e.dataAs(NestedStackCreated.class)).filter(n -> n.parentStackId().equals(parentId))
                .map(NestedStackCreated::stackId).toList();
    }

    @Test
    void aResourceGroupGrowsAndShrinksWithRemovalPoliciesNeverReusingANameAndLeavingTheOthersAlone() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, GROUP, Map.of("count", json("3"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        Map<String, JsonNode> created = driver.outputs(id);
        assertThat(names(created.get("refs_map"))).containsExactly("0", "1", "2");
        assertThat(created.get("values")).hasSize(3);
        assertThat(created.get("first")).isEqualTo(created.get("values").get(0));
        String member = nested(id);

        driver.update(id, plan(id, GROUP, Map.of("count", json("5"))));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        Map<String, JsonNode> grown = driver.outputs(id);
        assertThat(names(grown.get("refs_map"))).containsExactly("0", "1", "2", "3", "4");
        assertThat(grown.get("values").get(1)).as("members that stay are untouched")
                .isEqualTo(created.get("values").get(1));
        assertThat(driver.statesOf(member, "0")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(driver.statesOf(member, "4")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        List<NestedStackUpdated> updates = driver.allEvents().stream()
                .filter(e -> NestedStackUpdated.TYPE.equals(e.type())).map(e -> e.dataAs(NestedStackUpdated.class))
                .filter(u -> u.stackId().equals(member)).toList();
        assertThat(updates).as("the nested stack's new template, for its /template").hasSize(1);
        assertThat(names(updates.get(0).template().path("resources"))).containsExactly("0", "1", "2", "3", "4");
        assertThat(updates.get(0).plan().resources()).hasSize(5);

        driver.update(id, plan(id, GROUP, Map.of("count", json("3"), "removed", json("[\"1\"]"))));
        awaitStatusCount(id, "UPDATE_COMPLETE", 2);
        Map<String, JsonNode> shrunk = driver.outputs(id);
        assertThat(names(shrunk.get("refs_map"))).as("1 removed by policy, 4 as the highest index")
                .containsExactly("0", "2", "3");
        assertThat(shrunk.get("removed")).isEqualTo(json("[\"1\"]"));
        assertThat(shrunk.get("missing").asText()).isEqualTo("Member '1' not found in group resource 'group'.");
        assertThat(driver.statesOf(member, "1")).endsWith("DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(driver.statesOf(member, "4")).endsWith("DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(driver.statesOf(member, "2")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        driver.update(id, plan(id, GROUP, Map.of("count", json("4"), "removed", json("[\"1\"]"))));
        awaitStatusCount(id, "UPDATE_COMPLETE", 3);
        assertThat(names(driver.outputs(id).get("refs_map"))).as("a removed name is never used again")
                .containsExactly("0", "2", "3", "4");
    }

    private static final String PROVIDED = """
            heat_template_version: 2015-04-30
            parameters:
              member: {type: string}
            resources:
              group:
                type: OS::Heat::ResourceGroup
                update_policy: {rolling_update: {max_batch_size: 1, pause_time: 1}}
                properties:
                  count: 2
                  resource_def: {type: {get_param: member}}
            outputs:
              values: {value: {get_attr: [group, value]}}
            """;

    private static String member(String salt) {
        return """
                heat_template_version: 2013-05-23
                resources:
                  random: {type: OS::Heat::RandomString, properties: {salt: SALT}}
                outputs:
                  value: {value: {get_attr: [random, value]}}
                """.replace("SALT", salt);
    }

    private StackPlan providedPlan(String id, String member, Map<String, String> files) {
        return planner.plan(new TemplateReader().readTemplate(PROVIDED).document(), null,
                Map.of("member", json("\"" + member + "\"")), files, new StackIdentity("s-" + id, id, "demo"), null,
                true);
    }

    /**
     * Heat's {@code test_update_nochange_resource_needs_update}: a member's changed template file updates it although
     * the group's properties are the same, in the same nested stack.
     */
    @Test
    void aGroupUpdatesMembersWhoseTemplateChangedAlthoughItsPropertiesDidNot() {
        String id = UUID.randomUUID().toString();
        driver.create(id, providedPlan(id, "a.yaml", Map.of("a.yaml", member("one"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        JsonNode created = driver.outputs(id).get("values");
        String members = nested(id);

        driver.update(id, providedPlan(id, "a.yaml", Map.of("a.yaml", member("two"))));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        JsonNode updated = driver.outputs(id).get("values");
        assertThat(updated).hasSize(2);
        assertThat(updated.get(0)).as("a new salt replaced the member's string").isNotEqualTo(created.get(0));
        assertThat(nestedOf(id)).containsExactly(members);
    }

    /**
     * Heat's {@code test_resource_group_update_replace_template_changed}: a rolling update to a member template of
     * another name completes although the new files no longer hold the old one.
     */
    @Test
    void aRollingUpdateOntoAMemberTemplateOfAnotherNameKeepsTheOldFileForTheBatchesNotYetUpdated() {
        String id = UUID.randomUUID().toString();
        driver.create(id, providedPlan(id, "/opt/a.yaml", Map.of("/opt/a.yaml", member("one"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        driver.update(id, providedPlan(id, "/opt1/a.yaml", Map.of("/opt1/a.yaml", member("one"))));
        await().atMost(StackDriver.WAIT).until(() -> driver.statuses(id).stream()
                .anyMatch(s -> s.stackStatus().startsWith("UPDATE_") && !s.stackStatus().endsWith("IN_PROGRESS")));
        assertThat(driver.statuses(id).stream().map(s -> s.stackStatus())).contains("UPDATE_COMPLETE")
                .doesNotContain("UPDATE_FAILED");
        assertThat(driver.outputs(id).get("values")).hasSize(2);
    }

    /** A rolling update with no pause between its batches: each batch replaces what the one before left. */
    @Test
    void aRollingUpdateWithoutPausesReplacesEveryMemberOnce() {
        String id = UUID.randomUUID().toString();
        String group = """
                heat_template_version: 2021-04-16
                resources:
                  group:
                    type: OS::Heat::ResourceGroup
                    update_policy: {rolling_update: {max_batch_size: 1, pause_time: 0}}
                    properties:
                      count: 3
                      resource_def: {type: OS::Heat::RandomString, properties: {length: LENGTH}}
                outputs:
                  values: {value: {get_attr: [group, value]}}
                """;
        driver.create(id, plan(id, group.replace("LENGTH", "8"), Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        driver.update(id, plan(id, group.replace("LENGTH", "10"), Map.of()));
        await().atMost(StackDriver.WAIT).until(() -> driver.statuses(id).stream()
                .anyMatch(s -> s.stackStatus().startsWith("UPDATE_") && !s.stackStatus().endsWith("IN_PROGRESS")));
        assertThat(driver.statuses(id).stream().map(s -> s.stackStatus())).contains("UPDATE_COMPLETE")
                .doesNotContain("UPDATE_FAILED");
        assertThat(driver.outputs(id).get("values")).hasSize(3)
                .allSatisfy(value -> assertThat(value.asText()).hasSize(10));
    }

    @Test
    void batchCreateGrowsTheNestedStackBatchByBatchPausingBetween() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, """
                heat_template_version: 2021-04-16
                resources:
                  group:
                    type: OS::Heat::ResourceGroup
                    properties: {count: 5, resource_def: {type: OS::Heat::None}}
                    update_policy:
                      batch_create: {max_batch_size: 2, pause_time: 1}
                outputs:
                  refs_map: {value: {get_attr: [group, refs_map]}}
                """, Map.of()));

        driver.awaitStatus(id, "CREATE_COMPLETE");
        String member = nested(id);
        assertThat(driver.statuses(member)).extracting(s -> s.stackStatus()).containsExactly("CREATE_IN_PROGRESS",
                "CREATE_COMPLETE", "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE", "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        assertThat(names(driver.outputs(id).get("refs_map"))).containsExactly("0", "1", "2", "3", "4");
        assertThat(driver.statesOf(member, "0")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(java.time.Duration.between(driver.time(member, driver.statuses(member).get(1)::equals),
                driver.time(member, driver.statuses(member).get(5)::equals))).as("two pauses of a second")
                .isGreaterThanOrEqualTo(java.time.Duration.ofSeconds(2));
    }

    @Test
    void aScalingPolicySignalGrowsTheGroupAndOneInsideTheCooldownChangesNothingAndSaysSo() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, SCALING, Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.outputs(id).get("size").asInt()).isEqualTo(2);
        assertThat(driver.outputs(id).get("alarm").asText())
                .contains("/v1/signal/trees/" + id + "/stacks/" + id + "/scaling-policies/asg/scale_out?");
        assertThat(driver.outputs(id).get("signal").asText()).as("Heat's resource signal on the Heat API")
                .isEqualTo("http://127.0.0.1:8004/v1/demo/stacks/s-" + id + "/" + id + "/resources/scale_out/signal");

        alarm(id, HearthJson.readTree("{\"previous\": \"ok\", \"current\": \"alarm\", \"reason\": \"cpu high\"}"));

        await().atMost(StackDriver.WAIT).until(() -> driver.statesOf(id, "asg").contains("UPDATE_COMPLETE"));
        assertThat(driver.statesOf(id, "asg")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        ResourceStatusChanged grown = last(id, "asg");
        assertThat(grown.attributes().get("current_size").asInt()).isEqualTo(3);
        assertThat(signals(id)).containsExactly("alarm state changed from ok to alarm (cpu high)");
        await().atMost(StackDriver.WAIT).until(() -> outputsChanged(id).size() == 1);
        StackOutputsChanged outputs = outputsChanged(id).get(0);
        assertThat(outputs.outputs().get("size").asInt()).as("the outputs follow the group, as Heat's stack show")
                .isEqualTo(3);
        assertThat(outputs.outputs().get("alarm").asText()).isEqualTo(driver.outputs(id).get("alarm").asText());
        assertThat(outputs.version()).isGreaterThan(driver.statuses(id).get(1).version());
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus).as("the stack's status stays")
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        alarm(id, null);

        await().atMost(StackDriver.WAIT).until(() -> signals(id).size() == 2);
        assertThat(signals(id).get(1))
                .isEqualTo("The resource asg could not perform scaling action: due to cooldown, cooldown 60");
        assertThat(driver.statesOf(id, "asg")).hasSize(4);
        assertThat(driver.statesOf(id, "scale_out")).as("a signal's event leaves the policy as it was")
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE", "SIGNAL_COMPLETE", "SIGNAL_COMPLETE");
        assertThat(outputsChanged(id)).as("a signal that changes nothing publishes no outputs").hasSize(1);
    }

    @Test
    void heatsResourceSignalOnThePolicyThroughTheApiScalesAsItsAlarmUrlDoes() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, SCALING, Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        // openstack stack resource signal STACK scale_out: template-service's SIGNAL command for the policy
        driver.send(id, new StackActionRequested(id, "demo", "s-" + id, StackActionRequested.SIGNAL, "scale_out",
                null, null));

        await().atMost(StackDriver.WAIT).until(() -> driver.statesOf(id, "asg").contains("UPDATE_COMPLETE"));
        assertThat(last(id, "asg").attributes().get("current_size").asInt()).isEqualTo(3);
        assertThat(signals(id)).containsExactly("No signal details provided");
        await().atMost(StackDriver.WAIT).until(() -> outputsChanged(id).size() == 1);
        assertThat(outputsChanged(id).get(0).outputs().get("size").asInt()).isEqualTo(3);
        assertThat(driver.statesOf(id, "scale_out")).as("the policy's state is kept")
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE", "SIGNAL_COMPLETE");
    }

    @Test
    void aScalingWhoseNewMembersWaitPublishesTheOutputsOnceTheGroupCompletes() {
        String id = UUID.randomUUID().toString();
        String template = SCALING.replace("resource: {type: OS::Heat::RandomString}",
                "resource: {type: OS::Heat::TestResource, properties: {wait_secs: 1}}");
        driver.create(id, plan(id, template, Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.outputs(id).get("size").asInt()).isEqualTo(2);

        alarm(id, null);

        await().atMost(StackDriver.WAIT).until(() -> outputsChanged(id).size() == 1);
        assertThat(driver.statesOf(id, "asg")).as("published when the group completed, not at the alarm")
                .endsWith("UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        assertThat(outputsChanged(id).get(0).outputs().get("size").asInt()).isEqualTo(3);
    }

    @Test
    void aSoftwareDeploymentGroupDeploysToEachServerAndToANewOneAlone() {
        String id = UUID.randomUUID().toString();
        String servers = "{\"web\": \"srv-web-" + id + "\", \"db\": \"srv-db-" + id + "\", \"cache\": \"srv-c-" + id
                + "\"}";
        driver.create(id, plan(id, DEPLOYMENTS, Map.of("servers", json(servers))));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(names(driver.outputs(id).get("codes"))).containsExactly("web", "db", "cache");
        String member = nested(id);
        assertThat(driver.resources(member)).extracting(ResourceStatusChanged::resourceType)
                .containsOnly("OS::Heat::SoftwareDeployment");

        String more = servers.replace("}", ", \"queue\": \"srv-q-" + id + "\"}").replace("\"db\": \"srv-db-" + id
                + "\", ", "");
        driver.update(id, plan(id, DEPLOYMENTS, Map.of("servers", json(more))));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(names(driver.outputs(id).get("codes"))).containsExactly("web", "cache", "queue");
        assertThat(driver.statesOf(member, "queue")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(driver.statesOf(member, "db")).endsWith("DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(driver.statesOf(member, "web")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
    }

    @Test
    void aResourceChainCreatesOneMemberPerTypeEachAfterThePreviousWithHeatsAttributes() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, CHAIN, Map.of("types", types("TestResource", "Value"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        NestedStackCreated created = nestedCreated(id);
        assertThat(created.template().path("resources").get("0")).isEqualTo(json(
                "{\"type\": \"OS::Heat::TestResource\", \"properties\": {\"value\": \"shared\"}}"));
        assertThat(created.template().path("resources").get("1")).isEqualTo(json("{\"type\": \"OS::Heat::Value\", "
                + "\"properties\": {\"value\": \"shared\"}, \"depends_on\": [\"0\"]}"));
        Map<String, JsonNode> outputs = driver.outputs(id);
        JsonNode refs = outputs.get("refs");
        assertThat(refs).hasSize(2);
        assertThat(outputs.get("second_ref")).isEqualTo(refs.get(1));
        assertThat(outputs.get("first")).isEqualTo(refs.get(0));
        assertThat(outputs.get("values")).as("each member's value attribute; a TestResource has none")
                .isEqualTo(json("[null, \"shared\"]"));
        assertThat(outputs.get("by_name")).isEqualTo(json("{\"0\": null, \"1\": \"shared\"}"));
        assertThat(outputs.get("first_output")).isEqualTo(json("\"shared\""));
        assertThat(outputs.get("refs_map")).as("the chain has no refs_map: Heat lists each member's")
                .isEqualTo(json("[null, null]"));
        assertThat(driver.statesOf(created.stackId(), "1")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        String concurrent = UUID.randomUUID().toString();
        driver.create(concurrent, plan(concurrent, CHAIN, Map.of("types", types("Value", "Value"),
                "concurrent", json("true"))));
        driver.awaitStatus(concurrent, "CREATE_COMPLETE");
        assertThat(nestedCreated(concurrent).template().path("resources").get("1").has("depends_on"))
                .as("concurrent members depend on nothing").isFalse();
    }

    @Test
    void aResourceChainUpdateAddsRemovesAndReplacesMembersAsItsTypesChange() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, CHAIN, Map.of("types", types("TestResource", "Value"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        String member = nested(id);
        JsonNode before = driver.outputs(id).get("refs");

        driver.update(id, plan(id, CHAIN, Map.of("types",
                types("TestResource", "TestResource", "Value"))));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        Map<String, JsonNode> grown = driver.outputs(id);
        assertThat(grown.get("refs")).hasSize(3);
        assertThat(grown.get("refs").get(0)).as("the member whose type stays is untouched").isEqualTo(before.get(0));
        assertThat(grown.get("values")).isEqualTo(json("[null, null, \"shared\"]"));
        assertThat(driver.statesOf(member, "0")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(driver.resources(member).stream().filter(r -> r.resourceName().equals("1"))
                .map(r -> r.resourceType() + " " + r.action() + "_" + r.status()).toList())
                .as("a changed type replaces the member").containsExactly(
                        "OS::Heat::Value CREATE_IN_PROGRESS", "OS::Heat::Value CREATE_COMPLETE",
                        "OS::Heat::TestResource CREATE_IN_PROGRESS", "OS::Heat::TestResource CREATE_COMPLETE",
                        "OS::Heat::Value DELETE_IN_PROGRESS", "OS::Heat::Value DELETE_COMPLETE");
        assertThat(driver.statesOf(member, "2")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        driver.update(id, plan(id, CHAIN, Map.of("types", types("TestResource"))));
        awaitStatusCount(id, "UPDATE_COMPLETE", 2);
        Map<String, JsonNode> shrunk = driver.outputs(id);
        assertThat(shrunk.get("refs")).isEqualTo(json("[" + before.get(0) + "]"));
        assertThat(shrunk.get("missing").asText()).isEqualTo("Member '1' not found in group resource 'chain'.");
        assertThat(driver.statesOf(member, "2")).endsWith("DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(driver.statesOf(member, "0")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
    }

    /** The chain's {@code resources} parameter: these OS::Heat types. */
    private static JsonNode types(String... types) {
        com.fasterxml.jackson.databind.node.ArrayNode list = com.fasterxml.jackson.databind.node.JsonNodeFactory
                .instance.arrayNode();
        java.util.Arrays.stream(types).forEach(t -> list.add("OS::Heat::" + t));
        return list;
    }

    private NestedStackCreated nestedCreated(String parentId) {
        String stackId = nested(parentId);
        return driver.allEvents().stream().filter(e -> NestedStackCreated.TYPE.equals(e.type()))
                .map(e -> e.dataAs(NestedStackCreated.class)).filter(n -> n.stackId().equals(stackId)).findFirst()
                .orElseThrow();
    }

    private void alarm(String stackId, JsonNode details) {
        CloudEvent event = CloudEvent.of("/hearth/signal-gateway", stackId, new ScalingRequested(stackId, null, "asg",
                "scale_out", 0, null, "alarm URL of scale_out called", details));
        driver.publish(Topics.SCALING, stackId, event.toJson());
    }

    /** The stack's outputs published again after a signal, in order. */
    private List<StackOutputsChanged> outputsChanged(String id) {
        return driver.all(id).stream().filter(e -> StackOutputsChanged.TYPE.equals(e.type()))
                .map(e -> e.dataAs(StackOutputsChanged.class)).toList();
    }

    private List<String> signals(String id) {
        return driver.resources(id).stream().filter(r -> r.resourceName().equals("scale_out")
                && "SIGNAL".equals(r.action())).map(ResourceStatusChanged::statusReason).toList();
    }

    private ResourceStatusChanged last(String id, String resource) {
        List<ResourceStatusChanged> all = driver.resources(id).stream().filter(r -> r.resourceName().equals(resource))
                .toList();
        return all.get(all.size() - 1);
    }

    private void awaitStatusCount(String id, String status, int count) {
        await().atMost(StackDriver.WAIT).until(() -> driver.statuses(id).stream()
                .filter(s -> s.stackStatus().equals(status)).count() >= count);
    }

    private static List<String> names(JsonNode map) {
        List<String> names = new java.util.ArrayList<>();
        map.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static JsonNode json(String text) {
        return HearthJson.readTree(text);
    }
}
