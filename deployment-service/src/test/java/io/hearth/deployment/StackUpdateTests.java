package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Stack update with a complete new plan, and resources marked unhealthy, over the real topics. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackUpdateTests {

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @Test
    void anUpdateChangesInPlaceReplacesCreatesAndDeletesAndLeavesTheRestAlone() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("pw", "OS::Heat::RandomString", "{\"length\": 8}"),
                resource("v", "OS::Heat::Value", "{\"value\": \"one\"}"),
                resource("keep", "OS::Heat::TestResource", "{\"value\": \"same\"}"),
                resource("config", "OS::Heat::SoftwareConfig", "{\"config\": \"old\"}"),
                resource("gone", "OS::Heat::Value", "{\"value\": {\"get_attr\": [\"v\", \"value\"]}}", "v"),
                resource("copy", "OS::Heat::Value", "{\"value\": {\"get_attr\": [\"pw\", \"value\"]}}", "pw")),
                "pw", "{\"get_attr\": [\"pw\", \"value\"]}", "v", "{\"get_attr\": [\"v\", \"value\"]}"));
        String oldPassword = driver.awaitStatus(id, "CREATE_COMPLETE").get(1).outputs().get("pw").asText();
        ResourceStatusChanged oldPw = complete(id, "pw", "CREATE");
        ResourceStatusChanged oldV = complete(id, "v", "CREATE");
        ResourceStatusChanged oldConfig = complete(id, "config", "CREATE");
        int before = driver.all(id).size();

        driver.update(id, plan(List.of(
                resource("pw", "OS::Heat::RandomString", "{\"length\": 10}"),
                resource("v", "OS::Heat::Value", "{\"value\": \"two\"}"),
                resource("keep", "OS::Heat::TestResource", "{\"value\": \"same\"}"),
                resource("config", "OS::Heat::SoftwareConfig", "{\"config\": \"new\"}"),
                resource("copy", "OS::Heat::Value", "{\"value\": {\"get_attr\": [\"pw\", \"value\"]}}", "pw"),
                resource("added", "OS::Heat::None", null)),
                "pw", "{\"get_attr\": [\"pw\", \"value\"]}", "v", "{\"get_attr\": [\"v\", \"value\"]}",
                "copy", "{\"get_attr\": [\"copy\", \"value\"]}"));

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(statuses).extracting(StackStatusChanged::stackStatus).containsExactly("CREATE_IN_PROGRESS",
                "CREATE_COMPLETE", "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
        assertThat(statuses.get(2).statusReason()).isEqualTo("Stack UPDATE started");
        assertThat(statuses.get(3).statusReason()).isEqualTo("Stack UPDATE completed successfully");
        String newPassword = statuses.get(3).outputs().get("pw").asText();
        assertThat(newPassword).hasSize(10).isNotEqualTo(oldPassword);
        assertThat(statuses.get(3).outputs().get("v").asText()).isEqualTo("two");
        assertThat(statuses.get(3).outputs().get("copy").asText()).isEqualTo(newPassword);

        List<String> update = driver.log(id).subList(before, driver.all(id).size());
        assertThat(update).containsExactlyInAnyOrder("stack UPDATE_IN_PROGRESS",
                "pw CREATE_IN_PROGRESS", "pw CREATE_COMPLETE",
                "v UPDATE_IN_PROGRESS", "v UPDATE_COMPLETE",
                "config CREATE_IN_PROGRESS", "config CREATE_COMPLETE",
                "copy UPDATE_IN_PROGRESS", "copy UPDATE_COMPLETE",
                "added CREATE_IN_PROGRESS", "added CREATE_COMPLETE",
                "gone DELETE_IN_PROGRESS", "gone DELETE_COMPLETE",
                "pw DELETE_IN_PROGRESS", "pw DELETE_COMPLETE",
                "config DELETE_IN_PROGRESS", "config DELETE_COMPLETE",
                "stack UPDATE_COMPLETE");
        // Replaced resources are deleted once everything that used them was brought in line.
        assertThat(update.indexOf("copy UPDATE_COMPLETE")).isLessThan(update.indexOf("pw DELETE_IN_PROGRESS"));
        assertThat(update.get(update.size() - 1)).isEqualTo("stack UPDATE_COMPLETE");

        List<ResourceStatusChanged> events = driver.resources(id);
        ResourceStatusChanged newPw = complete(id, "pw", "CREATE", 1);
        assertThat(newPw.physicalResourceId()).isNotEqualTo(oldPw.physicalResourceId());
        assertThat(events).filteredOn(e -> e.resourceName().equals("pw") && e.action().equals("DELETE"))
                .extracting(ResourceStatusChanged::physicalResourceId).containsOnly(oldPw.physicalResourceId());
        assertThat(complete(id, "v", "UPDATE").physicalResourceId()).isEqualTo(oldV.physicalResourceId());
        assertThat(complete(id, "v", "UPDATE").attributes().get("value").asText()).isEqualTo("two");
        String newConfig = complete(id, "config", "CREATE", 1).physicalResourceId();
        assertThat(db.queryLong("select count(*) from software_config where id = ?::uuid", oldConfig.physicalResourceId()))
                .isZero();
        assertThat(db.queryLong("select count(*) from software_config where id = ?::uuid and config = '\"new\"'::jsonb",
                newConfig)).isOne();
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid", id)).isEqualTo(6);
    }

    @Test
    void aResourceMarkedUnhealthyIsCheckFailedWithTheUsersReasonAndTheNextUpdateReplacesIt() {
        String id = UUID.randomUUID().toString();
        List<PlannedResource> resources = List.of(
                resource("a", "OS::Heat::TestResource", "{\"value\": \"x\"}"),
                resource("b", "OS::Heat::Value", "{\"value\": \"y\"}"));
        driver.create(id, plan(resources));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        String oldA = complete(id, "a", "CREATE").physicalResourceId();

        driver.action(id, StackActionRequested.MARK_UNHEALTHY, "a", "disk on fire");
        driver.action(id, StackActionRequested.MARK_UNHEALTHY, "b", null);
        driver.action(id, StackActionRequested.MARK_HEALTHY, "b", "");
        driver.update(id, plan(resources));

        driver.awaitStatus(id, "UPDATE_COMPLETE");
        List<ResourceStatusChanged> checks = driver.resources(id).stream().filter(e -> e.action().equals("CHECK"))
                .toList();
        assertThat(checks).extracting(e -> e.resourceName() + " " + e.status() + " " + e.statusReason())
                .containsExactly("a FAILED disk on fire",
                        "b FAILED state changed by resource_mark_unhealthy api",
                        "b COMPLETE state changed by resource_mark_unhealthy api");
        assertThat(checks.get(0).physicalResourceId()).isEqualTo(oldA);
        assertThat(driver.statesOf(id, "a")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE", "CHECK_FAILED",
                "CREATE_IN_PROGRESS", "CREATE_COMPLETE", "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(complete(id, "a", "CREATE", 1).physicalResourceId()).isNotEqualTo(oldA);
        // b is healthy again and unchanged: the update leaves it alone.
        assertThat(driver.statesOf(id, "b")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE", "CHECK_FAILED",
                "CHECK_COMPLETE");
    }

    @Test
    void anUpdateWhileTheStackIsInProgressTakesOverAsInHeatsConvergence() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(resource("slow", "OS::Heat::TestResource",
                "{\"wait_secs\": 3600, \"action_wait_secs\": {\"delete\": 0}}"))));
        await().atMost(StackDriver.WAIT).until(() -> driver.log(id).contains("slow CREATE_IN_PROGRESS"));
        // the update supersedes the create: the resource it no longer has is deleted while it still waits
        driver.update(id, plan(List.of(resource("v", "OS::Heat::Value", "{\"value\": 1}"))));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        assertThat(driver.log(id)).containsExactly("stack CREATE_IN_PROGRESS", "slow CREATE_IN_PROGRESS",
                "stack UPDATE_IN_PROGRESS", "v CREATE_IN_PROGRESS", "v CREATE_COMPLETE", "slow DELETE_IN_PROGRESS",
                "slow DELETE_COMPLETE", "stack UPDATE_COMPLETE");
        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
    }

    /**
     * Heat's {@code test_stack_update_replace_manual_rollback}: a replacement that failed leaves the original in
     * place; an update back to the template before keeps the original (Heat's most suitable row: a failed one is
     * worth less than a replaced one) and deletes the failed replacement.
     */
    @Test
    void anUpdateBackAfterAFailedReplacementKeepsTheOriginal() {
        String id = UUID.randomUUID().toString();
        String original = "{\"value\": \"a\", \"update_replace_value\": \"1\"}";
        driver.create(id, plan(List.of(resource("t", "OS::Heat::TestResource", original))));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        String originalId = complete(id, "t", "CREATE").physicalResourceId();

        driver.update(id, plan(List.of(resource("t", "OS::Heat::TestResource",
                "{\"value\": \"a\", \"update_replace_value\": \"2\", \"fail\": true}"))));
        driver.awaitStatus(id, "UPDATE_FAILED");
        driver.update(id, plan(List.of(resource("t", "OS::Heat::TestResource", original))));
        await().atMost(StackDriver.WAIT).until(() -> driver.log(id).get(driver.log(id).size() - 1)
                .equals("stack UPDATE_COMPLETE"));

        assertThat(driver.statesOf(id, "t")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "CREATE_IN_PROGRESS", "CREATE_FAILED", "CREATE_COMPLETE", "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        // the original is shown again, and only the failed replacement (which has no physical id) is deleted
        List<ResourceStatusChanged> events = driver.resources(id);
        assertThat(events.get(4).physicalResourceId()).isEqualTo(originalId);
        assertThat(events.get(5).physicalResourceId()).isNull();
    }

    /**
     * Heat's {@code test_update_restricted.py}: an update or replacement the environment's
     * {@code restricted_actions} forbids fails the stack with an UPDATE_FAILED event on the resource, which
     * stays as it was; with only {@code replace} restricted an update in place goes through.
     */
    @Test
    void restrictedActionsFailAnUpdateThatWouldUpdateOrReplaceTheResourceAndLeaveItAsItWas() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(resource("bar", "OS::Heat::TestResource",
                "{\"value\": \"1234\", \"update_replace\": false}"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        String physical = complete(id, "bar", "CREATE").physicalResourceId();
        PlannedResource changed = resource("bar", "OS::Heat::TestResource",
                "{\"value\": \"4567\", \"update_replace\": false}");

        driver.update(id, plan(List.of(restricted(changed, "update", "replace"))));
        List<StackStatusChanged> statuses = driver.awaitStatus(id, "UPDATE_FAILED");
        assertThat(statuses.get(statuses.size() - 1).statusReason()).isEqualTo(
                "Resource UPDATE failed: ResourceActionRestricted: resources.bar: update is restricted for resource.");
        ResourceStatusChanged refused = driver.resources(id).get(driver.resources(id).size() - 1);
        assertThat(refused.action() + "_" + refused.status() + " " + refused.statusReason())
                .isEqualTo("UPDATE_FAILED update is restricted for resource.");
        assertThat(refused.onlyAnEvent()).isTrue();
        assertThat(refused.physicalResourceId()).isEqualTo(physical);
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid and name = 'bar'"
                + " and action = 'CREATE' and status = 'COMPLETE'", id)).isOne();

        driver.update(id, plan(List.of(restricted(resource("bar", "OS::Heat::TestResource",
                "{\"value\": \"4567\", \"update_replace\": true}"), "replace"))));
        await().atMost(Duration.ofSeconds(30)).until(() -> driver.resources(id).stream()
                .filter(e -> "replace is restricted for resource.".equals(e.statusReason())).count() == 1);
        driver.update(id, plan(List.of(restricted(changed, "replace"))));
        await().atMost(Duration.ofSeconds(30)).until(() -> driver.statesOf(id, "bar").contains("UPDATE_COMPLETE"));
        assertThat(complete(id, "bar", "UPDATE").physicalResourceId()).isEqualTo(physical);
        assertThat(driver.statesOf(id, "bar")).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE",
                "UPDATE_FAILED", "UPDATE_FAILED", "UPDATE_IN_PROGRESS", "UPDATE_COMPLETE");
    }

    private static PlannedResource restricted(PlannedResource resource, String... actions) {
        return new PlannedResource(resource.name(), resource.type(), resource.properties(), resource.dependsOn(),
                resource.metadata(), resource.deletionPolicy(), List.of(actions));
    }

    /** The {@code nth} (from 0) COMPLETE event of a resource's action. */
    private ResourceStatusChanged complete(String id, String name, String action, int nth) {
        return driver.resources(id).stream().filter(r -> r.resourceName().equals(name)
                && r.action().equals(action) && r.status().equals("COMPLETE")).skip(nth).findFirst().orElseThrow();
    }

    private ResourceStatusChanged complete(String id, String name, String action) {
        return complete(id, name, action, 0);
    }
}
