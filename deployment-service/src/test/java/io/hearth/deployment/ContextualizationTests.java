package io.hearth.deployment;

import static io.hearth.deployment.ServerMetadataFeed.input;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
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
 * Contextualization (docs/contextualization.md) over the real topics and database: when a scaling resizes a group,
 * the deployments that read the group run again, CONTEXTUALIZE where their actions hold it, UPDATE otherwise, and
 * those that do not read it, or whose inputs come out the same, do not run.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class ContextualizationTests {

    private static final String TEMPLATE = """
            heat_template_version: 2021-04-16
            parameters:
              prefix: {type: string}
            resources:
              asg:
                type: OS::Heat::AutoScalingGroup
                properties:
                  min_size: 1
                  max_size: 4
                  desired_capacity: 2
                  resource: {type: OS::Heat::RandomString, properties: {length: 12}}
              scale_out:
                type: OS::Heat::ScalingPolicy
                properties:
                  auto_scaling_group_id: {get_resource: asg}
                  adjustment_type: change_in_capacity
                  scaling_adjustment: 1
                  cooldown: 60
              config:
                type: OS::Heat::SoftwareConfig
                properties:
                  group: script
                  inputs: [{name: members, type: Json}, {name: generation, type: Number, default: 0}]
                  config: "echo $members"
              head:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {list_join: ['-', [{get_param: prefix}, head]]}
                  signal_transport: NO_SIGNAL
                  actions: [CREATE, UPDATE, CONTEXTUALIZE]
                  input_values: {members: {get_attr: [asg, outputs_list, value]}}
              plain:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {list_join: ['-', [{get_param: prefix}, plain]]}
                  signal_transport: NO_SIGNAL
                  input_values: {members: {get_attr: [asg, outputs_list, value]}}
              unrelated:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {list_join: ['-', [{get_param: prefix}, unrelated]]}
                  signal_transport: NO_SIGNAL
                  actions: [CREATE, UPDATE, CONTEXTUALIZE]
                  input_values: {members: [fixed]}
              watcher:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {list_join: ['-', [{get_param: prefix}, watcher]]}
                  signal_transport: NO_SIGNAL
                  actions: [CREATE, UPDATE, CONTEXTUALIZE]
                  input_values:
                    members: {get_attr: [asg, members]}
                    generation: {get_attr: [asg, members_generation]}
              workers:
                type: OS::Heat::SoftwareDeploymentGroup
                properties:
                  config: {get_resource: config}
                  servers: {get_attr: [asg, refs_map]}
                  signal_transport: NO_SIGNAL
                  actions: [CREATE, UPDATE, CONTEXTUALIZE, DELETE]
                  input_values: {members: {get_attr: [asg, outputs_list, value]}}
            """;

    /** A head node that needs its compute node's address, and a compute node that needs the head's key. */
    private static final String CIRCULAR = """
            heat_template_version: 2021-04-16
            parameters:
              prefix: {type: string}
            resources:
              head_config:
                type: OS::Heat::SoftwareConfig
                properties:
                  group: script
                  inputs: [{name: computes}]
                  outputs: [{name: key}]
                  config: "make-key"
              head:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: head_config}
                  server: {list_join: ['-', [{get_param: prefix}, head]]}
                  actions: [CREATE, UPDATE, CONTEXTUALIZE]
                  input_values: {computes: {get_attr: [compute, address]}}
              compute_config:
                type: OS::Heat::SoftwareConfig
                properties:
                  group: script
                  inputs: [{name: key}]
                  outputs: [{name: address}]
                  config: "join"
              compute:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: compute_config}
                  server: {list_join: ['-', [{get_param: prefix}, compute]]}
                  actions: [CREATE, UPDATE, CONTEXTUALIZE]
                  input_values: {key: {get_attr: [head, key]}}
            """;

    private final StackPlanner planner = new StackPlanner();

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    @RegisterExtension
    final DeploymentAgent agent = new DeploymentAgent();

    @Test
    void aScalingRerunsTheDeploymentsThatReadTheGroupAndOnlyThem() {
        String id = UUID.randomUUID().toString();
        String prefix = "srv-" + id;
        create(id, prefix);
        assertThat(members(metadata.awaitItems(prefix + "-head", 1).get(0))).hasSize(2);

        alarm(id);

        await().atMost(StackDriver.WAIT).until(() -> driver.statesOf(id, "head").contains("UPDATE_COMPLETE")
                && driver.statesOf(id, "plain").contains("UPDATE_COMPLETE")
                && driver.statesOf(id, "workers").contains("UPDATE_COMPLETE"));
        assertThat(driver.statesOf(id, "head")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        assertThat(reasons(id, "head")).contains("Contextualization: asg changed");
        await().atMost(StackDriver.WAIT).until(() -> members(metadata.latestItem(prefix + "-head")).size() == 3
                && members(metadata.latestItem(prefix + "-plain")).size() == 3);
        DeploymentItem head = metadata.latestItem(prefix + "-head");
        assertThat(input(head, "deploy_action").asText()).isEqualTo("CONTEXTUALIZE");
        assertThat(members(head)).as("the member list the scaling made").hasSize(3);
        assertThat(input(metadata.latestItem(prefix + "-plain"), "deploy_action").asText())
                .as("without CONTEXTUALIZE in its actions, Heat's UPDATE").isEqualTo("UPDATE");
        assertThat(driver.statesOf(id, "unrelated")).as("its inputs do not read the group")
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus).as("the stack's status stays")
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        String workers = nestedOf(id, "workers");
        JsonNode servers = lastOf(id, "asg").attributes().get("refs_map");
        assertThat(servers.size()).isEqualTo(3);
        List<String> old = driver.resources(workers).stream().filter(r -> r.action().equals("UPDATE"))
                .map(ResourceStatusChanged::resourceName).distinct().toList();
        assertThat(old).as("the two members deployed before the scaling").hasSize(2);
        servers.fieldNames().forEachRemaining(member -> await().atMost(StackDriver.WAIT)
                .until(() -> members(metadata.latestItem(servers.get(member).asText())).size() == 3));
        servers.fieldNames().forEachRemaining(member -> {
            String action = old.contains(member) ? "CONTEXTUALIZE" : "CREATE";
            DeploymentItem item = metadata.latestItem(servers.get(member).asText());
            assertThat(input(item, "deploy_action").asText()).as(member).isEqualTo(action);
            assertThat(members(item)).as(member).hasSize(3);
        });

        alarm(id); // inside the cooldown: the group stays, so nothing reads anything new
        await().atMost(StackDriver.WAIT).until(() -> driver.resources(id).stream()
                .filter(r -> r.resourceName().equals("scale_out") && "SIGNAL".equals(r.action())).count() == 2);
        assertThat(driver.statesOf(id, "head")).as("ran once for the one change").hasSize(4);
    }

    @Test
    void eachNewMembershipGenerationRerunsWhatReadsTheMembersOnce() {
        String id = UUID.randomUUID().toString();
        String prefix = "srv-" + id;
        create(id, prefix);
        String watcher = prefix + "-watcher";
        assertThat(members(metadata.awaitItems(watcher, 1).get(0))).as("no generation yet").isEmpty();

        membership(id, 1, "m-a", "m-b");
        await().atMost(StackDriver.WAIT).until(() -> input(metadata.latestItem(watcher), "generation").asInt() == 1);
        DeploymentItem first = metadata.latestItem(watcher);
        assertThat(input(first, "deploy_action").asText()).isEqualTo("CONTEXTUALIZE");
        assertThat(members(first).findValuesAsText("name")).containsExactly("m-a", "m-b");
        assertThat(members(first).get(0).get("address").asText()).isEqualTo("127.0.0.11");
        assertThat(input(first, "generation").asInt()).isEqualTo(1);

        membership(id, 1, "m-a", "m-b"); // the same generation again: a redelivery
        membership(id, 2, "m-a", "m-c");
        await().atMost(StackDriver.WAIT).until(() -> input(metadata.latestItem(watcher), "generation").asInt() == 2);
        assertThat(members(metadata.latestItem(watcher)).findValuesAsText("name")).containsExactly("m-a", "m-c");
        await().atMost(StackDriver.WAIT).until(() -> driver.statesOf(id, "watcher").size() == 6);
        assertThat(driver.statesOf(id, "watcher")).as("one run per generation").containsExactly(
                "CREATE_IN_PROGRESS", "CREATE_COMPLETE", "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE", "UPDATE_IN_PROGRESS",
                "UPDATE_COMPLETE");
        assertThat(driver.statesOf(id, "head")).as("reads the group's Heat attributes, which stay")
                .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
    }

    @Test
    void circularNeedsConvergeRunningWithWhatIsKnownThenAgainAsValuesArrive() {
        String id = UUID.randomUUID().toString();
        String prefix = "srv-" + id;
        String head = prefix + "-head";
        String compute = prefix + "-compute";
        driver.create(id, plan(id, CIRCULAR, prefix));

        DeploymentItem headFirst = metadata.awaitItems(head, 1).get(0);
        DeploymentItem computeFirst = metadata.awaitItems(compute, 1).get(0);
        assertThat(input(headFirst, "computes").isNull()).as("runs with what is known: nothing yet").isTrue();
        assertThat(input(computeFirst, "key").isNull()).isTrue();
        agent.signal(id, head, headFirst, "CREATE", 0, Map.of("key", TextNode.valueOf("k-1")));
        agent.signal(id, compute, computeFirst, "CREATE", 0, Map.of("address", TextNode.valueOf("127.0.0.7")));

        await().atMost(StackDriver.WAIT).until(() -> metadata.latestItem(head).generation() > headFirst.generation()
                && metadata.latestItem(compute).generation() > computeFirst.generation());
        DeploymentItem headAgain = metadata.latestItem(head);
        DeploymentItem computeAgain = metadata.latestItem(compute);
        assertThat(input(headAgain, "deploy_action").asText()).isEqualTo("CONTEXTUALIZE");
        assertThat(input(headAgain, "computes").asText()).isEqualTo("127.0.0.7");
        assertThat(input(computeAgain, "deploy_action").asText()).isEqualTo("CONTEXTUALIZE");
        assertThat(input(computeAgain, "key").asText()).isEqualTo("k-1");
        agent.signal(id, head, headAgain, "CONTEXTUALIZE", 0, Map.of("key", TextNode.valueOf("k-1")));
        agent.signal(id, compute, computeAgain, "CONTEXTUALIZE", 0,
                Map.of("address", TextNode.valueOf("127.0.0.7")));

        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(metadata.latestItem(head).generation()).as("nothing changed: no further run")
                .isEqualTo(headAgain.generation());
        assertThat(metadata.latestItem(compute).generation()).isEqualTo(computeAgain.generation());
    }

    @Test
    void rerunsThatNeverSettleStopAtTheBoundAndSaySo() {
        String id = UUID.randomUUID().toString();
        String prefix = "srv-" + id;
        driver.create(id, plan(id, CIRCULAR, prefix));
        java.util.Set<String> answered = new java.util.HashSet<>();
        int[] round = {0};
        await().atMost(java.time.Duration.ofMinutes(2)).until(() -> {
            for (String server : List.of(prefix + "-head", prefix + "-compute")) {
                var document = metadata.latest(server);
                if (document == null) {
                    continue;
                }
                DeploymentItem item = document.deployments().get(document.deployments().size() - 1);
                if (answered.add(item.deploymentId() + "/" + item.generation())) {
                    String output = server.endsWith("head") ? "key" : "address";
                    agent.signal(id, server, item, input(item, "deploy_action").asText(), 0,
                            Map.of(output, TextNode.valueOf("changing-" + round[0]++)));
                }
            }
            return reasons(id, "head").stream().anyMatch(r -> r.contains("stopped"))
                    || reasons(id, "compute").stream().anyMatch(r -> r.contains("stopped"));
        });
        String stopped = java.util.stream.Stream.concat(reasons(id, "head").stream(), reasons(id, "compute").stream())
                .filter(r -> r.contains("stopped")).findFirst().orElseThrow();
        assertThat(stopped).contains("10 reruns in a row", "hearth.deployment.contextualize-max-reruns");
        driver.awaitStatus(id, "CREATE_COMPLETE");
    }

    private StackPlan plan(String id, String template, String prefix) {
        return planner.plan(new TemplateReader().readTemplate(template).document(), null,
                Map.of("prefix", TextNode.valueOf(prefix)), Map.of(), new StackIdentity("s-" + id, id, "demo"), null,
                true);
    }

    private void create(String id, String prefix) {
        driver.create(id, plan(id, TEMPLATE, prefix));
        driver.awaitStatus(id, "CREATE_COMPLETE");
    }

    private void membership(String stackId, long generation, String... names) {
        List<MembershipChanged.Member> members = new java.util.ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            members.add(new MembershipChanged.Member("srv-" + names[i], names[i], "127.0.0." + (11 + i), null));
        }
        CloudEvent event = CloudEvent.of("/hearth/notifier", stackId, new MembershipChanged(stackId, "demo", "asg",
                generation, members, List.of(), List.of()));
        driver.publish(Topics.MEMBERSHIP, stackId, event.toJson());
    }

    private void alarm(String stackId) {
        CloudEvent event = CloudEvent.of("/hearth/signal-gateway", stackId, new ScalingRequested(stackId, null, "asg",
                "scale_out", 0, null, "alarm URL of scale_out called", null));
        driver.publish(Topics.SCALING, stackId, event.toJson());
    }


    private ResourceStatusChanged lastOf(String id, String resource) {
        List<ResourceStatusChanged> all = driver.resources(id).stream().filter(r -> r.resourceName().equals(resource))
                .toList();
        return all.get(all.size() - 1);
    }

    private List<String> reasons(String id, String resource) {
        return driver.resources(id).stream().filter(r -> r.resourceName().equals(resource))
                .map(ResourceStatusChanged::statusReason).toList();
    }

    private String nestedOf(String parentId, String resource) {
        return driver.allEvents().stream().filter(e -> NestedStackCreated.TYPE.equals(e.type()))
                .map(e -> e.dataAs(NestedStackCreated.class))
                .filter(n -> n.parentStackId().equals(parentId) && n.parentResource().equals(resource))
                .map(NestedStackCreated::stackId).findFirst().orElseThrow();
    }

    private static JsonNode members(DeploymentItem item) {
        return input(item, "members");
    }

}
