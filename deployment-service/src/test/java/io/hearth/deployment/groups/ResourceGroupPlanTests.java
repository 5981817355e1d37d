package io.hearth.deployment.groups;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** ResourceGroup's names, member definitions, removal policies and steps, as resource_group.py computes them. */
class ResourceGroupPlanTests {

    private static ResourceGroupPlan plan(String json) {
        return ResourceGroupPlan.of(HearthJson.readTree(json));
    }

    @Test
    void indexVarIsReplacedInEveryStringOfThePropertiesButNotInKeysOrMetadata() {
        ResourceGroupPlan plan = plan("""
                {"count": 2, "resource_def": {"type": "OS::Heat::TestResource",
                  "properties": {"value": "node-%index%", "list": ["%index%", {"%index%": "a%index%b"}], "n": 3,
                                 "gone": null},
                  "metadata": {"m": "%index%"}}}""");

        assertThat(plan.memberDefinition("1")).isEqualTo(HearthJson.readTree("""
                {"type": "OS::Heat::TestResource",
                 "properties": {"value": "node-1", "list": ["1", {"%index%": "a1b"}], "n": 3},
                 "metadata": {"m": "%index%"}}"""));
        assertThat(plan("""
                {"count": 1, "index_var": "__i__", "resource_def": {"type": "T", "properties": {"v": "%index%__i__"}}}""")
                .memberDefinition("0").path("properties").path("v").asText()).isEqualTo("%index%0");
    }

    @Test
    void namesSkipTheRemovedOnesAndAreNeverReused() {
        assertThat(ResourceGroupPlan.names(List.of(), 3)).containsExactly("0", "1", "2");
        assertThat(ResourceGroupPlan.names(List.of("1", "3"), 3)).containsExactly("0", "2", "4");
    }

    @Test
    void removalPoliciesAtCreateSkipEveryListedName() {
        ResourceGroupPlan plan = plan("""
                {"count": 2, "removal_policies": [{"resource_list": [1, "x"]}], "resource_def": {"type": "T"}}""");
        List<String> skiplist = plan.skiplist(List.of(), false, List.of(), Map.of());
        assertThat(skiplist).containsExactly("1", "x");
        assertThat(plan.createSteps(skiplist, null, 3600).get(0).members())
                .extracting(RollingUpdate.Definition::name).containsExactly("0", "2");
    }

    @Test
    void removalPoliciesOnUpdateTakeMembersOrRefsAndAreKeptSortedAsStrings() {
        ResourceGroupPlan append = plan("""
                {"count": 3, "removal_policies": [{"resource_list": ["10", "phys-2", "nope", 7]}],
                 "resource_def": {"type": "T"}}""");
        List<String> members = List.of("0", "1", "2", "10");
        Map<String, String> refs = Map.of("0", "phys-0", "1", "phys-1", "2", "phys-2", "10", "phys-10");

        List<String> skiplist = append.skiplist(List.of("5"), true, members, refs);

        assertThat(skiplist).containsExactly("10", "2", "5");
        assertThat(append.createSteps(skiplist, null, 3600).get(0).members())
                .extracting(RollingUpdate.Definition::name).containsExactly("0", "1", "3");

        ResourceGroupPlan update = plan("""
                {"count": 3, "removal_policies_mode": "update", "removal_policies": [], "resource_def": {"type": "T"}}""");
        assertThat(update.skiplist(List.of("5"), true, members, refs)).isEmpty();
    }

    @Test
    void batchCreateGrowsTheGroupBatchByBatchWithPausesBetween() {
        ResourceGroupPlan plan = plan("""
                {"count": 5, "resource_def": {"type": "OS::Heat::None"}}""");

        List<GroupStep> steps = plan.createSteps(List.of(), new BatchPolicy(0, 2, 30), 3600);

        assertThat(steps).extracting(s -> s.members().size()).containsExactly(2, 4, 5);
        assertThat(steps).extracting(GroupStep::pauseSeconds).containsExactly(30.0, 30.0, 0.0);
        assertThat(steps.get(2).members()).extracting(RollingUpdate.Definition::name)
                .containsExactlyInAnyOrder("0", "1", "2", "3", "4");
    }

    @Test
    void aCountChangeIsOneTemplateOfTheFirstNames() {
        ResourceGroupPlan plan = plan("""
                {"count": 2, "resource_def": {"type": "OS::Heat::RandomString"}}""");
        JsonNode template = plan.updateSteps(List.of("0"), List.of(), Set.of(), false, new BatchPolicy(0, 1, 0), 3600)
                .get(0).template();

        assertThat(template).isEqualTo(HearthJson.readTree("""
                {"heat_template_version": "2015-04-30",
                 "resources": {"1": {"type": "OS::Heat::RandomString"}, "2": {"type": "OS::Heat::RandomString"}},
                 "outputs": {"refs_map": {"value": {"1": {"get_resource": "1"}, "2": {"get_resource": "2"}}}}}"""));
    }

    @Test
    void aRollingUpdateReplacesHighIndicesFirstKeepingMinInService() {
        JsonNode oldDef = HearthJson.readTree("{\"type\":\"T\",\"properties\":{\"v\":\"old\"}}");
        ResourceGroupPlan plan = plan("""
                {"count": 3, "resource_def": {"type": "T", "properties": {"v": "new"}}}""");
        List<RollingUpdate.Definition> existing = List.of(new RollingUpdate.Definition("0", oldDef),
                new RollingUpdate.Definition("1", oldDef), new RollingUpdate.Definition("2", oldDef));

        List<GroupStep> steps = plan.updateSteps(List.of(), existing, Set.of(), true, new BatchPolicy(3, 1, 5), 3600);

        // Heat's batches (as its 4_4_1_4 scenario): the extra member "3" does not count as up to date at first
        assertThat(steps).extracting(s -> s.members().size()).containsExactly(4, 4, 4, 4, 3);
        assertThat(updated(steps.get(0), oldDef)).containsExactly("3");
        assertThat(updated(steps.get(1), oldDef)).containsExactlyInAnyOrder("3", "2");
        assertThat(steps.get(4).members()).extracting(RollingUpdate.Definition::name)
                .containsExactlyInAnyOrder("0", "1", "2");
        assertThat(updated(steps.get(4), oldDef)).containsExactlyInAnyOrder("0", "1", "2");
        assertThat(steps).extracting(GroupStep::pauseSeconds).containsExactly(5.0, 5.0, 5.0, 5.0, 0.0);
    }

    private static List<String> updated(GroupStep step, JsonNode oldDef) {
        return step.members().stream().filter(m -> !m.definition().equals(oldDef)).map(RollingUpdate.Definition::name)
                .toList();
    }
}
