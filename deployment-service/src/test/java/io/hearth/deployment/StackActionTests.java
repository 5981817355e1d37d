package io.hearth.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.contracts.stack.v1.StackUpdateRequested;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import io.hearth.testsupport.SimulatedCompute;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Heat's stack actions over the real topics and database, the servers played by {@link SimulatedCompute}: suspend
 * (dependents first: deployments run SUSPEND where their actions hold it, then the compute driver suspends the
 * server), resume (the server first, then RESUME), check (a server's agent must answer; a dead one fails the check)
 * and cancel without rollback.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackActionTests {

    private static final String TEMPLATE = """
            heat_template_version: 2021-04-16
            resources:
              server:
                type: OS::Nova::Server
                properties: {image: fedora, flavor: m1.small, user_data_format: SOFTWARE_CONFIG}
              config:
                type: OS::Heat::SoftwareConfig
                properties: {group: script, config: "#!/bin/sh\\necho $deploy_action"}
              app:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {get_resource: server}
                  actions: [CREATE, SUSPEND, RESUME]
              plain:
                type: OS::Heat::SoftwareDeployment
                properties: {config: {get_resource: config}, server: {get_resource: server}}
              group:
                type: OS::Heat::ResourceGroup
                properties: {count: 2, resource_def: {type: OS::Heat::None}}
            """;

    /** A server, a deployment reading a parameter, and two optional resources: one that fails, a second server. */
    private static final String ROLLBACK = """
            heat_template_version: 2021-04-16
            parameters:
              greeting: {type: string, default: hi}
              broken: {type: boolean, default: false}
              late: {type: boolean, default: false}
            conditions:
              broken: {get_param: broken}
              late: {get_param: late}
            resources:
              server:
                type: OS::Nova::Server
                properties: {image: fedora, flavor: m1.small, user_data_format: SOFTWARE_CONFIG}
              config:
                type: OS::Heat::SoftwareConfig
                properties: {group: script, config: "#!/bin/sh\\necho $greeting", inputs: [{name: greeting}]}
              hello:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {get_resource: server}
                  input_values: {greeting: {get_param: greeting}}
              extra:
                type: OS::Heat::TestResource
                condition: broken
                depends_on: hello
                properties: {fail: true}
              late_server:
                type: OS::Nova::Server
                condition: late
                properties: {name: late, image: fedora, flavor: m1.small, user_data_format: SOFTWARE_CONFIG}
            outputs:
              greeting: {value: {get_param: greeting}}
            """;

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    /** Names of servers whose agents never answer (their desired state is not played). */
    private final Set<String> ignored = ConcurrentHashMap.newKeySet();

    private final Set<String> stacks = ConcurrentHashMap.newKeySet();
    private SimulatedCompute compute;

    @BeforeEach
    void startCompute() {
        compute = SimulatedCompute.builder(driver.bootstrapServers())
                .servers(create -> stacks.contains(create.stackId()) && !ignored.contains(create.name())).start();
    }

    @AfterEach
    void stopCompute() {
        compute.close();
    }

    @Test
    void suspendAndResumeRunTheirHooksOnceInDependencyOrderAndCheckFindsADeadAgent() {
        String id = created();

        act(id, StackActionRequested.SUSPEND);
        driver.awaitStatus(id, "SUSPEND_COMPLETE");
        String server = serverId(id);
        // Dependents first: the deployments' SUSPEND before the server's, the server suspended by the driver.
        List<String> log = driver.log(id);
        assertThat(log.indexOf("app SUSPEND_COMPLETE")).isLessThan(log.indexOf("server SUSPEND_IN_PROGRESS"));
        assertThat(log).contains("plain SUSPEND_COMPLETE", "group SUSPEND_COMPLETE", "config SUSPEND_COMPLETE");
        assertThat(runs(id, "app")).containsExactly("CREATE/1", "SUSPEND/2");
        assertThat(runs(id, "plain")).containsExactly("CREATE/1");
        // The suspend does not wait for the driver: its desired state reaches it on its own topic, maybe after the
        // stack's status.
        await().atMost(StackDriver.WAIT).untilAsserted(() -> assertThat(compute.suspended()).containsExactly(server));
        assertThat(driver.statuses(id)).last().extracting(StackStatusChanged::statusReason)
                .isEqualTo("Stack SUSPEND completed successfully");

        // Suspending a suspended stack changes nothing (Heat: "already suspended").
        act(id, StackActionRequested.SUSPEND);
        act(id, StackActionRequested.RESUME);
        driver.awaitStatus(id, "RESUME_COMPLETE");
        log = driver.log(id);
        assertThat(log.indexOf("server RESUME_COMPLETE")).isLessThan(log.indexOf("app RESUME_IN_PROGRESS"));
        assertThat(runs(id, "app")).containsExactly("CREATE/1", "SUSPEND/2", "RESUME/3");
        assertThat(runs(id, "plain")).containsExactly("CREATE/1");
        assertThat(compute.resumed()).containsExactly(server);
        // the second suspend ran nothing: the stack's status was only told again (for template-service's read model)
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus).containsExactly(
                "CREATE_IN_PROGRESS", "CREATE_COMPLETE", "SUSPEND_IN_PROGRESS", "SUSPEND_COMPLETE", "SUSPEND_COMPLETE",
                "RESUME_IN_PROGRESS", "RESUME_COMPLETE");

        // A check asks the server's agent, which answers; types without a check say so.
        act(id, StackActionRequested.CHECK);
        driver.awaitStatus(id, "CHECK_COMPLETE");
        assertThat(reason(id, "server", "CHECK_COMPLETE")).isEqualTo("state changed");
        assertThat(reason(id, "app", "CHECK_COMPLETE")).isEqualTo("CHECK not supported for OS::Heat::SoftwareDeployment");
        assertThat(runs(id, "app")).hasSize(3);

        // A dead agent fails the next check (hearth.deployment.server-check-timeout, 3 s in tests), with the reason.
        compute.kill(server);
        act(id, StackActionRequested.CHECK);
        driver.awaitStatus(id, "CHECK_FAILED");
        String expected = "Error: resources.server: 'status': expected 'ACTIVE', got 'UNREACHABLE' (its agent did"
                + " not poll its metadata within 3 s)";
        assertThat(reason(id, "server", "CHECK_FAILED")).isEqualTo(expected);
        assertThat(driver.statuses(id)).last().extracting(StackStatusChanged::statusReason)
                .isEqualTo("Resource CHECK failed: " + expected);
        assertThat(compute.errors()).isEmpty();
    }

    @Test
    void resumeOfAStackThatWasNeverSuspendedFailsAsHeatDoes() {
        String id = created();
        act(id, StackActionRequested.RESUME);
        driver.awaitStatus(id, "RESUME_FAILED");
        assertThat(driver.statuses(id)).last().extracting(StackStatusChanged::statusReason).asString()
                .matches("Resource RESUME failed: Error: resources\\.\\w+: State \\('CREATE', 'COMPLETE'\\) invalid"
                        + " for resume");
        assertThat(runs(id, "app")).containsExactly("CREATE/1");
    }

    @Test
    void cancelWithoutRollbackStopsACreateWhereItIs() {
        String id = UUID.randomUUID().toString();
        // no agent plays this stack's server: the create waits for its check-in
        driver.create(id, plan(id));
        await().atMost(StackDriver.WAIT).until(() -> driver.log(id).contains("server CREATE_IN_PROGRESS"));
        act(id, StackActionRequested.CANCEL_WITHOUT_ROLLBACK);
        driver.awaitStatus(id, "CREATE_FAILED");
        assertThat(driver.statuses(id)).last().extracting(StackStatusChanged::statusReason)
                .isEqualTo("Stack CREATE cancelled");
        assertThat(driver.log(id)).doesNotContain("app CREATE_IN_PROGRESS");
    }

    @Test
    void aFailedUpdateRollsBackToThePlanBeforeItAndAFollowingUpdateWorks() {
        String id = UUID.randomUUID().toString();
        stacks.add(id);
        driver.create(id, plan(id, ROLLBACK, Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        // the update changes the deployment's input and adds a resource that fails
        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, ROLLBACK, Map.of(
                "greeting", TextNode.valueOf("bye"), "broken", BooleanNode.TRUE))));
        driver.awaitStatus(id, "ROLLBACK_COMPLETE");
        assertThat(driver.statuses(id)).extracting(s -> s.stackStatus() + " " + s.statusReason()).containsSubsequence(
                "UPDATE_IN_PROGRESS Stack UPDATE started",
                "UPDATE_FAILED Resource CREATE failed: ValueError: resources.extra: Test Resource failed extra",
                "ROLLBACK_IN_PROGRESS Stack ROLLBACK started",
                "ROLLBACK_COMPLETE Stack ROLLBACK completed successfully");
        // what the update made is gone; the deployment runs with its input as it was before
        assertThat(driver.log(id)).contains("extra DELETE_COMPLETE");
        await().atMost(StackDriver.WAIT).until(() -> runs(id, "hello").size() == 3);
        assertThat(compute.signals(id)).filteredOn(sig -> sig.resourceName().equals("hello"))
                .extracting(sig -> sig.run().action() + "/" + sig.run().generation())
                .containsExactly("CREATE/1", "UPDATE/2", "UPDATE/3");
        assertThat(driver.outputs(id).get("greeting").asText()).isEqualTo("hi");

        // the stack's plan is the one before the failed update: an update from it works
        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, ROLLBACK, Map.of(
                "greeting", TextNode.valueOf("hello again")))));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(driver.outputs(id).get("greeting").asText()).isEqualTo("hello again");
    }

    @Test
    void aRestoreShowsRestoreOnTheStackUpdatesItsResourcesAndIsNeverRolledBack() {
        String id = UUID.randomUUID().toString();
        stacks.add(id);
        driver.create(id, plan(id, ROLLBACK, Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, ROLLBACK, Map.of(
                "greeting", TextNode.valueOf("restored"))), Action.RESTORE));
        driver.awaitStatus(id, "RESTORE_COMPLETE");
        assertThat(driver.statuses(id)).extracting(s -> s.stackStatus() + " " + s.statusReason()).containsSubsequence(
                "RESTORE_IN_PROGRESS Stack RESTORE started", "RESTORE_COMPLETE Stack RESTORE completed successfully");
        assertThat(driver.log(id)).contains("hello UPDATE_COMPLETE");
        assertThat(driver.outputs(id).get("greeting").asText()).isEqualTo("restored");

        // a failed restore stays failed, rollback enabled or not (Heat's update_task rolls back only an UPDATE)
        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, ROLLBACK, Map.of(
                "broken", BooleanNode.TRUE)), Action.RESTORE));
        driver.awaitStatus(id, "RESTORE_FAILED");
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus)
                .doesNotContain("ROLLBACK_IN_PROGRESS");
    }

    @Test
    void aFailedCreateRollsBackByDeletingWhatItMade() {
        String id = UUID.randomUUID().toString();
        stacks.add(id);
        driver.create(id, plan(id, ROLLBACK, Map.of("broken", BooleanNode.TRUE)));
        driver.awaitStatus(id, "ROLLBACK_COMPLETE");
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus).containsExactly(
                "CREATE_IN_PROGRESS", "CREATE_FAILED", "ROLLBACK_IN_PROGRESS", "ROLLBACK_COMPLETE");
        assertThat(driver.log(id)).contains("server DELETE_COMPLETE", "hello DELETE_COMPLETE", "extra DELETE_COMPLETE");
        // the server's delete travels on hearth.compute.servers, which may arrive after the stack's last status
        await().atMost(StackDriver.WAIT).untilAsserted(() -> assertThat(compute.deleted())
                .extracting(d -> d.stackId()).contains(id));
    }

    @Test
    void cancelUpdateRollsTheUpdateBack() {
        String id = UUID.randomUUID().toString();
        stacks.add(id);
        driver.create(id, plan(id, ROLLBACK, Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        // the update adds a server whose agent never checks in: it waits
        ignored.add("late");
        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, ROLLBACK, Map.of(
                "late", BooleanNode.TRUE))));
        await().atMost(StackDriver.WAIT).until(() -> driver.log(id).contains("late_server CREATE_IN_PROGRESS"));
        act(id, StackActionRequested.CANCEL_UPDATE);
        driver.awaitStatus(id, "ROLLBACK_COMPLETE");
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus).containsExactly(
                "CREATE_IN_PROGRESS", "CREATE_COMPLETE", "UPDATE_IN_PROGRESS", "ROLLBACK_IN_PROGRESS",
                "ROLLBACK_COMPLETE");
        assertThat(driver.log(id)).contains("late_server DELETE_COMPLETE");
    }

    @Test
    void anUpdateTakesOverTheUpdateInProgressAndAFailedUpdateCanBeRetriggered() {
        String id = UUID.randomUUID().toString();
        stacks.add(id);
        driver.create(id, plan(id, ROLLBACK, Map.of(), true));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        ignored.add("late");
        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, ROLLBACK, Map.of(
                "late", BooleanNode.TRUE), true)));
        await().atMost(StackDriver.WAIT).until(() -> driver.log(id).contains("late_server CREATE_IN_PROGRESS"));
        // the second update supersedes the first: the server it waits for is not in the new plan and goes
        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, ROLLBACK, Map.of(
                "greeting", TextNode.valueOf("superseded")), true)));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(driver.statuses(id)).extracting(StackStatusChanged::stackStatus).containsExactly(
                "CREATE_IN_PROGRESS", "CREATE_COMPLETE", "UPDATE_IN_PROGRESS", "UPDATE_IN_PROGRESS",
                "UPDATE_COMPLETE");
        assertThat(driver.log(id)).contains("late_server DELETE_COMPLETE");
        assertThat(driver.outputs(id).get("greeting").asText()).isEqualTo("superseded");
        assertThat(runs(id, "hello")).containsExactly("CREATE/1", "UPDATE/2");

        // a failed update (no rollback) is retriggered with the same plan once its cause is gone
        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, ROLLBACK, Map.of(
                "broken", BooleanNode.TRUE), true)));
        driver.awaitStatus(id, "UPDATE_FAILED");
        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, ROLLBACK, Map.of(), true)));
        await().atMost(StackDriver.WAIT).until(() -> driver.statuses(id).get(driver.statuses(id).size() - 1)
                .stackStatus().equals("UPDATE_COMPLETE"));
        assertThat(driver.log(id)).contains("extra DELETE_COMPLETE");
    }

    @Test
    void anInputDeclaredReplaceOnChangeReplacesTheDeploymentInsteadOfUpdatingIt() {
        String template = ROLLBACK.replace("inputs: [{name: greeting}]",
                "inputs: [{name: greeting, replace_on_change: true}]");
        String id = UUID.randomUUID().toString();
        stacks.add(id);
        driver.create(id, plan(id, template, Map.of(), true));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        driver.send(id, new StackUpdateRequested(id, "demo", "s-" + id, plan(id, template, Map.of(
                "greeting", TextNode.valueOf("bye")), true)));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        // a new deployment ran CREATE with the new value; the old one was deleted, nothing ran UPDATE
        List<SimulatedCompute.Signal> hello = compute.signals(id).stream()
                .filter(sig -> sig.resourceName().equals("hello")).toList();
        assertThat(hello).extracting(sig -> sig.run().action() + "/" + sig.run().generation())
                .containsExactly("CREATE/1", "CREATE/1");
        assertThat(hello.get(0).run().deploymentId()).isNotEqualTo(hello.get(1).run().deploymentId());
        assertThat(driver.log(id)).containsSubsequence("hello CREATE_IN_PROGRESS", "hello CREATE_COMPLETE",
                "hello DELETE_IN_PROGRESS", "hello DELETE_COMPLETE");
    }

    /** A stack of {@link #TEMPLATE} created and CREATE_COMPLETE. */
    private String created() {
        String id = UUID.randomUUID().toString();
        stacks.add(id);
        driver.create(id, plan(id));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        return id;
    }

    private static StackPlan plan(String id) {
        return new StackPlanner().plan(new TemplateReader().readTemplate(TEMPLATE).document(), null, Map.of(),
                Map.of(), new StackIdentity("s-" + id, id, "demo"), null, true);
    }

    /** A plan of a template whose rollback is not disabled. */
    private static StackPlan plan(String id, String template, Map<String, JsonNode> parameters) {
        return plan(id, template, parameters, false);
    }

    private static StackPlan plan(String id, String template, Map<String, JsonNode> parameters,
            boolean disableRollback) {
        return new StackPlanner().plan(new TemplateReader().readTemplate(template).document(), null, parameters,
                Map.of(), new StackIdentity("s-" + id, id, "demo"), null, disableRollback);
    }

    private void act(String id, String action) {
        driver.send(id, CloudEvent.of("/hearth/template-service", id,
                new StackActionRequested(id, "demo", "s-" + id, action)));
    }

    private String serverId(String id) {
        return compute.created().stream().filter(c -> c.stackId().equals(id)).findFirst().orElseThrow().serverId();
    }

    /** The runs the simulated agent signalled for a deployment resource, as {@code ACTION/generation}. */
    private List<String> runs(String id, String resource) {
        return compute.signals(id).stream().filter(s -> resource.equals(s.resourceName()))
                .map(s -> s.run().action() + "/" + s.run().generation()).toList();
    }

    /** The status reason of a resource's last event in that state. */
    private String reason(String id, String resource, String state) {
        return driver.resources(id).stream().filter(r -> r.resourceName().equals(resource))
                .filter(r -> state.equals(r.action() + "_" + r.status())).reduce((a, b) -> b).orElseThrow()
                .statusReason();
    }
}
