package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Stack delete: dependents first, waits honoured, stored configs removed; a delete during a create wins. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackDeleteTests {

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @Test
    void resourcesAreDeletedInReverseDependencyOrderAndTheirConfigsRemoved() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("config", "OS::Heat::SoftwareConfig", "{\"config\": \"echo hi\"}"),
                resource("user", "OS::Heat::Value", "{\"value\": {\"get_resource\": \"config\"}}", "config"),
                resource("last", "OS::Heat::TestResource",
                        "{\"value\": {\"get_attr\": [\"user\", \"value\"]}, \"action_wait_secs\": {\"delete\": 1}}",
                        "user"))));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        ResourceStatusChanged config = driver.resources(id).stream()
                .filter(r -> r.resourceName().equals("config") && r.status().equals("COMPLETE")).findFirst()
                .orElseThrow();

        driver.delete(id);

        List<StackStatusChanged> statuses = driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(statuses).extracting(StackStatusChanged::stackStatus).containsExactly("CREATE_IN_PROGRESS",
                "CREATE_COMPLETE", "DELETE_IN_PROGRESS", "DELETE_COMPLETE");
        assertThat(statuses.get(3).statusReason()).isEqualTo("Stack DELETE completed successfully");
        List<String> log = driver.log(id);
        assertThat(log.subList(log.indexOf("stack DELETE_IN_PROGRESS"), log.size())).containsExactly(
                "stack DELETE_IN_PROGRESS",
                "last DELETE_IN_PROGRESS", "last DELETE_COMPLETE",
                "user DELETE_IN_PROGRESS", "user DELETE_COMPLETE",
                "config DELETE_IN_PROGRESS", "config DELETE_COMPLETE",
                "stack DELETE_COMPLETE");
        assertThat(driver.resources(id)).filteredOn(r -> r.resourceName().equals("config")
                && r.action().equals("DELETE")).extracting(ResourceStatusChanged::physicalResourceId)
                .containsOnly(config.physicalResourceId());
        assertThat(db.queryLong("select count(*) from software_config where id = ?::uuid",
                config.physicalResourceId())).isZero();
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid", id)).isZero();
    }

    @Test
    void aDeleteDuringACreateStopsItAndDeletesWhatWasStarted() {
        String id = UUID.randomUUID().toString();
        driver.create(id, plan(List.of(
                resource("quick", "OS::Heat::Value", "{\"value\": 1}"),
                resource("slow", "OS::Heat::TestResource",
                        "{\"wait_secs\": 3600, \"action_wait_secs\": {\"delete\": 0}}", "quick"),
                resource("never", "OS::Heat::Value", "{\"value\": {\"get_attr\": [\"slow\", \"output\"]}}", "slow"))));
        org.awaitility.Awaitility.await().atMost(StackDriver.WAIT)
                .until(() -> driver.log(id).contains("slow CREATE_IN_PROGRESS"));

        driver.delete(id);

        driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(driver.log(id)).containsExactly("stack CREATE_IN_PROGRESS",
                "quick CREATE_IN_PROGRESS", "quick CREATE_COMPLETE", "slow CREATE_IN_PROGRESS",
                "stack DELETE_IN_PROGRESS",
                "slow DELETE_IN_PROGRESS", "slow DELETE_COMPLETE",
                "quick DELETE_IN_PROGRESS", "quick DELETE_COMPLETE",
                "stack DELETE_COMPLETE");
    }
}
