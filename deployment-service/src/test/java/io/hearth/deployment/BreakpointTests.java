package io.hearth.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Breakpoints (the environment's hooks, Heat's {@code _break_if_required}) over the real topics and database, from
 * plans hot's planner makes of a template and an environment: a resource waits at its hook with Heat's event, its
 * stack in progress, until a resource signal {@code unset_hook} clears it.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class BreakpointTests {

    private static final String TEMPLATE = """
            heat_template_version: 2021-04-16
            resources:
              db: {type: OS::Heat::None}
              app:
                type: OS::Heat::Value
                properties: {value: {get_param: OS::stack_name}}
                depends_on: db
              app_2:
                type: OS::Heat::None
                depends_on: app
            """;

    private final TestDatabase db = TestDatabase.schema("deployment");
    private final StackPlanner planner = new StackPlanner();

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    private StackPlan plan(String id, String template, String environment, Map<String, String> files) {
        JsonNode env = new TemplateReader().readEnvironment(environment).document();
        return planner.plan(new TemplateReader().readTemplate(template).document(), env, Map.of(), files,
                new StackIdentity("s-" + id, id, "demo"), null, true);
    }

    private void unsetHook(String id, String resource, String hook) {
        driver.send(id, new StackActionRequested(id, "demo", "s-" + id, StackActionRequested.SIGNAL, resource, null,
                HearthJson.readTree("{\"unset_hook\": \"" + hook + "\"}")));
    }

    /** The resource's events as {@code name ACTION_STATUS reason}. */
    private List<String> eventsOf(String id, String resource) {
        return driver.resources(id).stream().filter(r -> r.resourceName().equals(resource))
                .map(r -> r.resourceName() + " " + r.action() + "_" + r.status() + " " + r.statusReason()).toList();
    }

    private void awaitEvent(String id, String resource, String event) {
        await().atMost(StackDriver.WAIT).until(() -> eventsOf(id, resource).contains(event));
    }

    private long pendingHooks(String id) {
        return db.queryLong("select count(*) from resource_hook where stack_id = ?::uuid and cleared_at is null", id);
    }

    @Test
    void aPreCreateHookHoldsTheResourceAndItsDependentsUntilItIsCleared() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, TEMPLATE, "resource_registry: {resources: {app: {hooks: pre-create}}}", Map.of()));

        awaitEvent(id, "app", "app INIT_COMPLETE CREATE paused until Hook pre-create is cleared");
        await().during(Duration.ofSeconds(1)).atMost(StackDriver.WAIT)
                .until(() -> driver.log(id).stream().noneMatch(line -> line.startsWith("stack CREATE_COMPLETE")));
        assertThat(driver.log(id)).containsExactly("stack CREATE_IN_PROGRESS", "db CREATE_IN_PROGRESS",
                "db CREATE_COMPLETE", "app INIT_COMPLETE");
        ResourceStatusChanged paused = driver.resources(id).get(2);
        assertThat(paused.onlyAnEvent()).as("the resource's state stays as it is").isTrue();
        assertThat(paused.resourceType()).isEqualTo("OS::Heat::Value");
        assertThat(pendingHooks(id)).isOne();

        unsetHook(id, "app", "pre-create");

        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(eventsOf(id, "app")).containsExactly(
                "app INIT_COMPLETE CREATE paused until Hook pre-create is cleared",
                "app INIT_COMPLETE Hook pre-create is cleared",
                "app CREATE_IN_PROGRESS state changed", "app CREATE_COMPLETE state changed");
        assertThat(driver.log(id)).endsWith("app_2 CREATE_IN_PROGRESS", "app_2 CREATE_COMPLETE",
                "stack CREATE_COMPLETE");
        assertThat(pendingHooks(id)).isZero();
    }

    @Test
    void aWildcardPostCreateHookPausesEveryMatchingResourceOnceItIsCreated() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, TEMPLATE, "resource_registry: {resources: {\"app*\": {hooks: [post-create]}}}",
                Map.of()));

        awaitEvent(id, "app", "app CREATE_COMPLETE CREATE paused until Hook post-create is cleared");
        assertThat(eventsOf(id, "db")).doesNotContain("db CREATE_COMPLETE CREATE paused until Hook post-create is cleared");
        await().during(Duration.ofSeconds(1)).atMost(StackDriver.WAIT)
                .until(() -> eventsOf(id, "app_2").isEmpty());

        unsetHook(id, "app", "post-create");
        awaitEvent(id, "app_2", "app_2 CREATE_COMPLETE CREATE paused until Hook post-create is cleared");
        assertThat(eventsOf(id, "app")).endsWith("app CREATE_COMPLETE Hook post-create is cleared");
        assertThat(driver.log(id)).doesNotContain("stack CREATE_COMPLETE");

        unsetHook(id, "app_2", "post-create");
        driver.awaitStatus(id, "CREATE_COMPLETE");
    }

    @Test
    void preUpdateAndPreDeleteHooksHoldTheUpdateAndTheDelete() {
        String id = UUID.randomUUID().toString();
        String environment = "resource_registry: {resources: {app: {hooks: [pre-update, pre-delete]}}}";
        driver.create(id, plan(id, TEMPLATE, environment, Map.of()));
        driver.awaitStatus(id, "CREATE_COMPLETE");

        driver.update(id, plan(id, TEMPLATE.replace("get_param: OS::stack_name", "get_param: OS::stack_id"),
                environment, Map.of()));
        awaitEvent(id, "app", "app CREATE_COMPLETE UPDATE paused until Hook pre-update is cleared");
        assertThat(driver.log(id)).doesNotContain("app UPDATE_IN_PROGRESS");
        unsetHook(id, "app", "pre-update");
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(eventsOf(id, "app")).containsSubsequence("app CREATE_COMPLETE Hook pre-update is cleared",
                "app UPDATE_IN_PROGRESS state changed", "app UPDATE_COMPLETE state changed");

        driver.delete(id);
        awaitEvent(id, "app", "app UPDATE_COMPLETE DELETE paused until Hook pre-delete is cleared");
        // app_2 depends on app, so it went first; db waits for app
        assertThat(driver.log(id)).contains("app_2 DELETE_COMPLETE").doesNotContain("db DELETE_IN_PROGRESS");
        unsetHook(id, "app", "pre-delete");
        driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(driver.log(id)).endsWith("app DELETE_IN_PROGRESS", "app DELETE_COMPLETE", "db DELETE_IN_PROGRESS",
                "db DELETE_COMPLETE", "stack DELETE_COMPLETE");
    }

    @Test
    void aHookThatIsNotSetIsIgnoredAndADeleteEndsAWait() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, TEMPLATE, "resource_registry: {resources: {app: {hooks: pre-create}}}", Map.of()));
        awaitEvent(id, "app", "app INIT_COMPLETE CREATE paused until Hook pre-create is cleared");

        unsetHook(id, "app", "post-create");
        unsetHook(id, "db", "pre-create");
        await().during(Duration.ofSeconds(1)).atMost(StackDriver.WAIT).until(() -> driver.log(id).size() == 4);
        assertThat(pendingHooks(id)).isOne();

        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(eventsOf(id, "app")).containsExactly(
                "app INIT_COMPLETE CREATE paused until Hook pre-create is cleared",
                "app INIT_COMPLETE Failure occurred while waiting.");
        assertThat(pendingHooks(id)).isZero();
    }

    @Test
    void aHookOnANestedResourceHoldsTheNestedStackAndItsParent() {
        String member = """
                heat_template_version: 2021-04-16
                resources:
                  inner: {type: OS::Heat::None}
                  other: {type: OS::Heat::None}
                """;
        String parent = """
                heat_template_version: 2021-04-16
                resources:
                  member: {type: member.yaml}
                  after: {type: OS::Heat::None, depends_on: member}
                """;
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(id, parent, "resource_registry: {resources: {member: {inner: {hooks: pre-create}}}}",
                Map.of("member.yaml", member)));

        await().atMost(StackDriver.WAIT).until(() -> driver.allEvents().stream()
                .anyMatch(e -> NestedStackCreated.TYPE.equals(e.type())
                        && e.dataAs(NestedStackCreated.class).parentStackId().equals(id)));
        String nested = driver.allEvents().stream().filter(e -> NestedStackCreated.TYPE.equals(e.type()))
                .map(e -> e.dataAs(NestedStackCreated.class)).filter(n -> n.parentStackId().equals(id)).findFirst()
                .orElseThrow().stackId();
        awaitEvent(nested, "inner", "inner INIT_COMPLETE CREATE paused until Hook pre-create is cleared");
        assertThat(eventsOf(nested, "other")).as("only the nested resource named").contains(
                "other CREATE_COMPLETE state changed");
        assertThat(driver.log(id)).containsExactly("stack CREATE_IN_PROGRESS", "member CREATE_IN_PROGRESS");

        unsetHook(nested, "inner", "pre-create");
        driver.awaitStatus(id, "CREATE_COMPLETE");
        assertThat(driver.log(nested)).endsWith("inner CREATE_COMPLETE", "stack CREATE_COMPLETE");
    }
}
