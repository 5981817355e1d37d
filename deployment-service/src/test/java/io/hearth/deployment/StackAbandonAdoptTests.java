package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.RuntimeRecord;
import io.hearth.contracts.stack.v1.StackAbandonRequested;
import io.hearth.contracts.stack.v1.StackAdoptRequested;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.StackPlanner;
import io.hearth.hot.read.TemplateReader;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.SimulatedCompute;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Abandon and adopt over the real topics and database, with {@link SimulatedCompute} as compute driver, agents and
 * gateway: the runtime export holds every resource's record; abandon forgets the stack and deletes nothing real (no
 * desired state DELETED, no DELETE run, no metadata tombstone); adopt takes the same server, config and deployments back
 * (ADOPT_COMPLETE, same ids and generations, no new metadata document), and a later update that changes one
 * deployment's input reruns exactly that one.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackAbandonAdoptTests {

    private final TestDatabase db = TestDatabase.schema("deployment");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    private SimulatedCompute compute;

    @BeforeEach
    void startCompute() {
        compute = SimulatedCompute.start(driver.bootstrapServers());
    }

    @AfterEach
    void stopCompute() {
        compute.close();
    }

    /** A server, a script config and two deployments of it with inputs of their own. */
    private static StackPlan stack(String secondInput) {
        return plan(List.of(
                resource("server", "OS::Nova::Server", """
                        {"image": "fedora", "flavor": "m1.small", "user_data_format": "SOFTWARE_CONFIG"}"""),
                resource("config", "OS::Heat::SoftwareConfig", """
                        {"group": "script", "config": "#!/bin/sh\\necho $foo", "inputs": [{"name": "foo"}]}"""),
                resource("first", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "input_values": {"foo": "one"}}""", "config", "server"),
                resource("second", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "input_values": {"foo": "%s"}}""".formatted(secondInput), "config", "server")),
                "server_ip", "{\"get_attr\": [\"server\", \"first_address\"]}");
    }

    @Test
    void abandonDeletesNothingAndAdoptTakesTheSameServerAndDeploymentsBackSoAnUpdateRerunsOnlyWhatChanged() {
        String id = UUID.randomUUID().toString();
        driver.create(id, stack("two"));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        String outputBefore = driver.outputs(id).get("server_ip").asText();

        JsonNode export = export(id);
        assertThat(export.path("status").asText()).isEqualTo("COMPLETE");
        Map<String, RuntimeRecord> records = HearthJson.mapper().convertValue(export.get("resources"),
                new TypeReference<Map<String, RuntimeRecord>>() {
                });
        assertThat(records).containsOnlyKeys("server", "config", "first", "second");
        String serverId = records.get("server").physicalId();
        assertThat(records.get("server").server().generation()).isPositive();
        assertThat(records.get("config").config().id()).isEqualTo(records.get("config").physicalId());
        assertThat(records.get("first").deployment().generation()).isEqualTo(1);
        assertThat(records.get("first").deployment().status()).isEqualTo("COMPLETE");
        long generation = db.queryLong("select generation from server_metadata where server_id = ?", serverId);
        int metadataRecords = metadata.recordsOf(serverId).size();
        int statuses = driver.statuses(id).size();

        driver.send(id, new StackAbandonRequested(id, "demo", "s-" + id));
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from stack_runtime where id = ?::uuid", id) == 0);
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id = ?::uuid", id)).isZero();
        assertThat(db.queryLong("select count(*) from software_deployment where stack_id = ?", id)).isZero();
        assertThat(db.queryLong("select count(*) from server_metadata where server_id = ?", serverId)).isZero();
        assertThat(compute.deleted()).noneMatch(d -> d.serverId().equals(serverId));
        assertThat(compute.signals(id)).noneMatch(s -> s.run().action().equals("DELETE"));
        assertThat(metadata.recordsOf(serverId)).hasSize(metadataRecords).allMatch(r -> r.value() != null);
        assertThat(driver.statuses(id)).hasSize(statuses);

        driver.send(id, new StackAdoptRequested(id, "demo", "s-" + id, stack("two"), records));
        List<StackStatusChanged> adopted = driver.awaitStatus(id, "ADOPT_COMPLETE");
        assertThat(adopted.subList(statuses, adopted.size())).extracting(StackStatusChanged::stackStatus,
                StackStatusChanged::statusReason).containsExactly(
                        org.assertj.core.groups.Tuple.tuple("ADOPT_IN_PROGRESS", "Stack ADOPT started"),
                        org.assertj.core.groups.Tuple.tuple("ADOPT_COMPLETE", "Stack ADOPT completed successfully"));
        // Its versions are above the abandoned stack's, so a late event of that one cannot hide an ADOPT status.
        assertThat(adopted.get(statuses).version()).isGreaterThan(adopted.get(statuses - 1).version());
        assertThat(driver.outputs(id).get("server_ip").asText()).isEqualTo(outputBefore);
        for (String name : records.keySet()) {
            assertThat(driver.statesOf(id, name)).endsWith("ADOPT_IN_PROGRESS", "ADOPT_COMPLETE");
        }
        ResourceStatusChanged server = driver.resources(id).stream().filter(r -> r.resourceName().equals("server")
                && r.action().equals("ADOPT") && r.status().equals("COMPLETE")).findFirst().orElseThrow();
        assertThat(server.physicalResourceId()).isEqualTo(serverId);
        assertThat(db.queryLong("select generation from software_deployment where id = ?::uuid",
                records.get("first").physicalId())).isEqualTo(1);
        assertThat(db.queryLong("select generation from server_metadata where server_id = ?", serverId))
                .isEqualTo(generation);
        assertThat(metadata.recordsOf(serverId)).hasSize(metadataRecords);
        assertThat(compute.created()).filteredOn(c -> c.serverId().equals(serverId)).hasSize(1);

        // An update that changes the second deployment's input reruns that one only, at its next generation.
        driver.update(id, stack("three"));
        driver.awaitStatus(id, "UPDATE_COMPLETE");
        Map<String, Long> runs = new HashMap<>();
        compute.signals(id).forEach(s -> runs.merge(s.resourceName(), 1L, Long::sum));
        assertThat(runs).containsEntry("first", 1L).containsEntry("second", 2L);
        assertThat(compute.signals(id)).filteredOn(s -> s.resourceName().equals("second"))
                .extracting(s -> s.run().generation()).containsExactly(1L, 2L);
        assertThat(compute.created()).filteredOn(c -> c.serverId().equals(serverId)).hasSize(1);
        assertThat(compute.errors()).isEmpty();

        // The adopted stack is deleted like any other: its server goes.
        driver.delete(id);
        driver.awaitStatus(id, "DELETE_COMPLETE");
        assertThat(compute.deleted()).anyMatch(d -> d.serverId().equals(serverId));
    }

    @Test
    void anAdoptWhoseRecordsAreMissingOrInUseFailsAndTakesNothing() {
        String id = UUID.randomUUID().toString();
        driver.create(id, stack("two"));
        driver.awaitStatus(id, "CREATE_COMPLETE");
        Map<String, RuntimeRecord> records = HearthJson.mapper().convertValue(export(id).get("resources"),
                new TypeReference<Map<String, RuntimeRecord>>() {
                });

        // The stack still lives: adopting its records under another id finds them in use.
        String other = UUID.randomUUID().toString();
        driver.send(other, new StackAdoptRequested(other, "demo", "s-" + other, stack("two"), records));
        List<StackStatusChanged> failed = driver.awaitStatus(other, "ADOPT_FAILED");
        assertThat(failed.get(failed.size() - 1).statusReason()).contains("in use");

        // A planned resource without its record.
        String third = UUID.randomUUID().toString();
        Map<String, RuntimeRecord> partial = new HashMap<>(records);
        partial.remove("second");
        driver.send(third, new StackAdoptRequested(third, "demo", "s-" + third, stack("two"), partial));
        List<StackStatusChanged> missing = driver.awaitStatus(third, "ADOPT_FAILED");
        assertThat(missing.get(missing.size() - 1).statusReason())
                .isEqualTo("Resource ADOPT failed: second: the adopt data holds no Hearth record of it");
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id in (?::uuid, ?::uuid)", other,
                third)).isZero();
    }

    @Test
    void anotherTenantsStackHasNoExport() {
        String id = UUID.randomUUID().toString();
        driver.create(id, stack("two"));
        driver.awaitStatus(id, "CREATE_IN_PROGRESS");
        given().header("X-Auth-Token", "other-token").get("/v1/other/stacks/s-" + id + "/" + id + "/runtime")
                .then().statusCode(404).body("error.type", org.hamcrest.Matchers.equalTo("EntityNotFound"));
    }

    @Test
    void aNestedStackIsExportedInsideItsResourceAndAbandonedWithItsParent() {
        String id = UUID.randomUUID().toString();
        TemplateReader reader = new TemplateReader();
        StackPlan plan = new StackPlanner().plan(reader.readTemplate("""
                heat_template_version: 2021-04-16
                resources:
                  inner: {type: My::Inner}
                """).document(), reader.readEnvironment("resource_registry: {\"My::Inner\": inner.yaml}").document(),
                Map.of(), Map.of("inner.yaml", """
                        heat_template_version: 2021-04-16
                        resources:
                          value: {type: OS::Heat::Value, properties: {value: kept}}
                        """), new StackIdentity("s-" + id, id, "demo"), null, true);
        driver.create(id, plan);
        driver.awaitStatus(id, "CREATE_COMPLETE");

        JsonNode export = export(id);
        String nestedId = export.at("/resources/inner/physicalId").asText();
        assertThat(export.at("/nested/inner/id").asText()).isEqualTo(nestedId);
        assertThat(export.at("/nested/inner/resources/value/attributes/value").asText()).isEqualTo("kept");

        driver.send(id, new StackAbandonRequested(id, "demo", "s-" + id));
        await().atMost(WAIT).until(() -> db.queryLong("select count(*) from stack_runtime where id in (?::uuid,"
                + " ?::uuid)", id, nestedId) == 0);
        assertThat(db.queryLong("select count(*) from resource_runtime where stack_id in (?::uuid, ?::uuid)", id,
                nestedId)).isZero();
    }

    /** Heat's functional TemplateResourceAdoptTest and ResourceGroupAdoptTest, in one stack. */
    private static StackPlan heatAdoptable(String id, String nestedResource) {
        TemplateReader reader = new TemplateReader();
        return new StackPlanner().plan(reader.readTemplate("""
                heat_template_version: 2021-04-16
                resources:
                  the_nested: {type: the.yaml}
                  group1:
                    type: OS::Heat::ResourceGroup
                    properties: {count: 2, resource_def: {type: OS::Heat::RandomString}}
                outputs:
                  value: {value: {get_attr: [the_nested, the_str]}}
                  test0: {value: {get_attr: [group1, resource.0.value]}}
                  test1: {value: {get_attr: [group1, resource.1.value]}}
                """).document(), reader.readEnvironment("{}").document(), Map.of(), Map.of("the.yaml", """
                        heat_template_version: 2021-04-16
                        resources:
                          RealRandom: %s
                        outputs:
                          the_str: {value: {get_attr: [RealRandom, value]}}
                        """.formatted(nestedResource)), new StackIdentity("s-" + id, id, "demo"), null, true);
    }

    /** Heat's abandon data of {@link #heatAdoptable}: no Hearth record, no signature. */
    private static JsonNode heatData() {
        return HearthJson.readTree("""
                {"the_nested": {"type": "the.yaml", "resources": {"RealRandom": {"type": "OS::Heat::RandomString",
                   "resource_data": {"value": "goopie"}, "resource_id": "froggy"}}},
                 "group1": {"type": "OS::Heat::ResourceGroup", "resource_id": "test-group1-id", "resource_data": {},
                   "resources": {
                     "0": {"type": "OS::Heat::RandomString", "resource_data": {"value": "goopie"}, "resource_id": "ID-0"},
                     "1": {"type": "OS::Heat::RandomString", "resource_data": {"value": "different"},
                           "resource_id": "ID-1"}}}}""");
    }

    @Test
    void heatsOwnDataAdoptsNestedStacksThroughTheirHandlersAndTheOutputsReadTheAdoptedValues() {
        String id = UUID.randomUUID().toString();
        driver.send(id, new StackAdoptRequested(id, "demo", "s-" + id,
                heatAdoptable(id, "{type: OS::Heat::RandomString}"), Map.of(), heatData()));
        driver.awaitStatus(id, "ADOPT_COMPLETE");
        Map<String, JsonNode> outputs = driver.outputs(id);
        assertThat(outputs.get("value").asText()).isEqualTo("goopie");
        assertThat(outputs.get("test0").asText()).isEqualTo("goopie");
        assertThat(outputs.get("test1").asText()).isEqualTo("different");
        assertThat(driver.statesOf(id, "the_nested")).containsExactly("ADOPT_IN_PROGRESS", "ADOPT_COMPLETE");
        // Heat's StackResource adopt: the nested stacks are adopted too, each resource ADOPT
        assertThat(db.queryLong("select count(*) from stack_runtime where parent_stack_id = ?::uuid"
                + " and action = 'ADOPT' and status = 'COMPLETE'", id)).isEqualTo(2);
        assertThat(db.queryLong("select count(*) from resource_runtime r join stack_runtime s on r.stack_id = s.id"
                + " where s.parent_stack_id = ?::uuid and r.action = 'ADOPT' and r.type = 'OS::Heat::RandomString'",
                id)).isEqualTo(3);
    }

    @Test
    void aNestedResourceWhoseTypeCannotBeAdoptedFromHeatsDataFailsTheAdopt() {
        // the data calls it a RandomString, but the nested template makes it an OS::Heat::Value
        String id = UUID.randomUUID().toString();
        driver.send(id, new StackAdoptRequested(id, "demo", "s-" + id,
                heatAdoptable(id, "{type: OS::Heat::Value, properties: {value: v}}"), Map.of(), heatData()));
        List<StackStatusChanged> failed = driver.awaitStatus(id, "ADOPT_FAILED");
        assertThat(failed.get(failed.size() - 1).statusReason()).isEqualTo("Resource ADOPT failed: NotSupported: "
                + "resources.the_nested.resources.RealRandom: its type can be adopted only from Hearth's signed abandon "
                + "data (hearth_signature)");
        assertThat(db.queryLong("select count(*) from resource_runtime r join stack_runtime s on r.stack_id = s.id"
                + " where s.parent_stack_id = ?::uuid and r.type = 'OS::Heat::Value' and r.status = 'FAILED'", id))
                .isEqualTo(1);
    }

    private static JsonNode export(String id) {
        return HearthJson.readTree(given().header("X-Auth-Token", "hearth-dev-token")
                .get("/v1/demo/stacks/s-" + id + "/" + id + "/runtime").then().statusCode(200).extract().asString());
    }
}
