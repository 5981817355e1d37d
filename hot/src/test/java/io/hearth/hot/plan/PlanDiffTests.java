package io.hearth.hot.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlanDiffTests {

    private static PlannedResource resource(String name, String type, String properties) {
        return new PlannedResource(name, type, HearthJson.readTree(properties), List.of(), null, null);
    }

    private static StackPlan plan(PlannedResource... resources) {
        return new StackPlan("2018-08-31", null, null, List.of(resources), null, null, true);
    }

    @Test
    void eachResourceIsAddedDeletedReplacedUpdatedOrUnchangedAsHeatsPreviewSays() {
        StackPlan current = plan(
                resource("pw", "OS::Heat::RandomString", "{\"length\": 8}"),
                resource("same", "OS::Heat::RandomString", "{}"),
                resource("defaulted", "OS::Heat::RandomString", "{}"),
                resource("retyped", "OS::Heat::None", "{}"),
                resource("deploy", "OS::Heat::SoftwareDeployment",
                        "{\"server\": \"s\", \"config\": \"c\", \"input_values\": {\"a\": 1}}"),
                resource("gone", "OS::Heat::None", "{}"));
        StackPlan next = plan(
                resource("pw", "OS::Heat::RandomString", "{\"length\": 9}"),
                resource("same", "OS::Heat::RandomString", "{}"),
                resource("defaulted", "OS::Heat::RandomString", "{\"length\": 32}"),
                resource("retyped", "OS::Heat::RandomString", "{}"),
                resource("deploy", "OS::Heat::SoftwareDeployment",
                        "{\"server\": \"s\", \"config\": \"c\", \"input_values\": {\"a\": 2}}"),
                resource("new", "OS::Heat::None", "{}"));

        PlanDiff diff = PlanDiff.between(current, next);

        assertThat(diff.unchanged()).containsExactly("same");
        assertThat(diff.replaced()).containsExactly("pw", "retyped");
        assertThat(diff.updated()).containsExactly("defaulted", "deploy");
        assertThat(diff.added()).containsExactly("new");
        assertThat(diff.deleted()).containsExactly("gone");
    }

    @Test
    void anOsHeatNoneIsNeverUpdatedAsHeatsNoneResourceNeverIs() {
        JsonNode metadata = HearthJson.readTree("{\"k\": 1}");
        StackPlan current = plan(resource("stub", "OS::Heat::None", "{\"x\": 1}"));
        StackPlan next = plan(resource("stub", "OS::Heat::None", "{\"x\": 2}"));
        assertThat(PlanDiff.between(current, next).unchanged()).containsExactly("stub");
        StackPlan withMetadata = plan(new PlannedResource("stub", "OS::Heat::None", HearthJson.readTree("{\"x\": 1}"),
                List.of(), metadata, null));
        assertThat(PlanDiff.between(current, withMetadata).unchanged()).containsExactly("stub");
    }

    @Test
    void aTestResourceIsReplacedForANewValueWithUpdateReplaceSet() {
        StackPlan current = plan(resource("t", "OS::Heat::TestResource",
                "{\"value\": \"Test1\", \"update_replace\": false}"));
        assertThat(PlanDiff.between(current, plan(resource("t", "OS::Heat::TestResource",
                "{\"update_replace\": true}"))).replaced()).containsExactly("t");
        assertThat(PlanDiff.between(current, plan(resource("t", "OS::Heat::TestResource",
                "{\"value\": \"Test2\"}"))).updated()).containsExactly("t");
        assertThat(PlanDiff.between(current, plan(resource("t", "OS::Heat::TestResource",
                "{\"value\": \"Test1\", \"update_replace\": true}"))).updated()).containsExactly("t");
    }

    @Test
    void aResourceOwningANestedStackIsAlwaysUpdatedUnlessItsTypeChanges() {
        PlannedResource templated = new PlannedResource("n", "nested.yaml", HearthJson.readTree("{}"), List.of(),
                null, null, "nested.yaml");
        PlannedResource group = resource("g", "OS::Heat::ResourceGroup",
                "{\"count\": 1, \"resource_def\": {\"type\": \"OS::Heat::None\"}}");
        StackPlan current = plan(templated, group);

        assertThat(PlanDiff.between(current, current).updated()).containsExactly("n", "g");
        PlanDiff retyped = PlanDiff.between(current, plan(resource("n", "OS::Heat::None", "{}"), group));
        assertThat(retyped.replaced()).containsExactly("n");
        assertThat(retyped.updated()).containsExactly("g");
    }

    @Test
    void aServerIsUpdatedForNewMetadataAndReplacedForANewFlavorAsTheEngineDoes() {
        StackPlan current = plan(resource("web", "OS::Nova::Server",
                "{\"image\": \"fedora\", \"flavor\": \"m1.small\", \"metadata\": {\"role\": \"web\"}}"));
        StackPlan metadata = plan(resource("web", "OS::Nova::Server",
                "{\"image\": \"fedora\", \"flavor\": \"m1.small\", \"metadata\": {\"role\": \"db\"}}"));
        StackPlan flavor = plan(resource("web", "OS::Nova::Server",
                "{\"image\": \"fedora\", \"flavor\": \"m1.large\", \"metadata\": {\"role\": \"web\"}}"));

        assertThat(PlanDiff.between(current, metadata).updated()).containsExactly("web");
        assertThat(PlanDiff.between(current, flavor).replaced()).containsExactly("web");
    }
}
