package io.hearth.deployment.groups;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** AutoScalingGroup's sizes and members, and the deployment groups' members. */
class AutoScalingPlanTests {

    private static final JsonNode SERVER = HearthJson.readTree("{\"type\": \"OS::Heat::None\"}");

    private static AutoScalingPlan plan(String json) {
        return AutoScalingPlan.of(HearthJson.readTree(json));
    }

    private static Supplier<String> ids() {
        int[] next = {0};
        return () -> "m" + next[0]++;
    }

    @Test
    void initialSizeIsDesiredCapacityUnlessAbsentOrZero() {
        assertThat(plan("{\"min_size\": 1, \"max_size\": 5, \"desired_capacity\": 3}").initialSize()).isEqualTo(3);
        assertThat(plan("{\"min_size\": 1, \"max_size\": 5}").initialSize()).isEqualTo(1);
        assertThat(plan("{\"min_size\": 2, \"max_size\": 5, \"desired_capacity\": 0}").initialSize()).isEqualTo(2);
        assertThat(plan("{\"min_size\": 3, \"max_size\": 1}").invalid()).isEqualTo("MinSize can not be greater than MaxSize");
        assertThat(plan("{\"min_size\": 1, \"max_size\": 3, \"desired_capacity\": 4}").invalid())
                .isEqualTo("DesiredCapacity must be between MinSize and MaxSize");
    }

    @Test
    void aShrinkRemovesTheOldestAndAGrowthAddsNewNames() {
        AutoScalingPlan plan = plan("{\"min_size\": 1, \"max_size\": 5, \"resource\": {\"type\": \"OS::Heat::None\"}}");
        List<RollingUpdate.Definition> two = plan.members(List.of(), 2, 0, ids());
        assertThat(two).extracting(RollingUpdate.Definition::name).containsExactly("m0", "m1");
        assertThat(two).extracting(RollingUpdate.Definition::definition).containsOnly(SERVER);

        List<RollingUpdate.Definition> existing = List.of(new RollingUpdate.Definition("old", SERVER),
                new RollingUpdate.Definition("mid", SERVER), new RollingUpdate.Definition("new", SERVER));
        assertThat(plan.members(existing, 1, 0, ids())).extracting(RollingUpdate.Definition::name)
                .containsExactly("new");
        assertThat(plan.members(existing, 4, 0, ids())).extracting(RollingUpdate.Definition::name)
                .containsExactly("old", "mid", "new", "m0");
        assertThat(plan.newCapacity(3, 10, Scaling.CHANGE_IN_CAPACITY, null)).isEqualTo(5);
    }

    @Test
    void aChangedResourceIsRolledOutInBatchesThenTheGroupIsResized() {
        AutoScalingPlan plan = plan("""
                {"min_size": 1, "max_size": 5, "desired_capacity": 2, "resource": {"type": "OS::Heat::TestResource"},
                 "rolling_updates": {"max_batch_size": 1, "min_in_service": 1, "pause_time": 2}}""");
        List<RollingUpdate.Definition> existing = List.of(new RollingUpdate.Definition("a", SERVER),
                new RollingUpdate.Definition("b", SERVER), new RollingUpdate.Definition("c", SERVER));

        List<GroupStep> steps = plan.updateSteps(existing, 3, true, 3600, ids());

        // the rollout targets min(desired, current): the oldest member goes in the first batch
        assertThat(steps).extracting(s -> s.members().size()).containsExactly(2, 2, 2);
        assertThat(steps.get(0).members()).extracting(RollingUpdate.Definition::name).containsExactly("b", "c");
        assertThat(steps.get(1).members()).extracting(m -> m.definition().path("type").asText())
                .containsOnly("OS::Heat::TestResource");
        assertThat(steps.get(2).members()).isEqualTo(steps.get(1).members());
        assertThat(steps).extracting(GroupStep::pauseSeconds).containsExactly(2.0, 0.0, 0.0);
    }

    @Test
    void deploymentGroupMembersAreTheServersKeys() {
        DeploymentGroupPlan plan = DeploymentGroupPlan.of("OS::Heat::SoftwareDeploymentGroup", HearthJson.readTree("""
                {"servers": {"web": "s1", "db": "s2"}, "config": "c1", "input_values": {"x": 1}, "name": null}"""));

        List<GroupStep> steps = plan.steps(List.of(), 0, null, 3600);

        assertThat(steps.get(0).template()).isEqualTo(HearthJson.readTree("""
                {"heat_template_version": "2015-04-30",
                 "resources": {
                   "web": {"type": "OS::Heat::SoftwareDeployment",
                           "properties": {"config": "c1", "input_values": {"x": 1}, "server": "s1"}},
                   "db": {"type": "OS::Heat::SoftwareDeployment",
                          "properties": {"config": "c1", "input_values": {"x": 1}, "server": "s2"}}},
                 "outputs": {"refs_map": {"value": {"web": {"get_resource": "web"}, "db": {"get_resource": "db"}}}}}"""));
        assertThat(DeploymentGroupPlan.of("OS::Heat::StructuredDeploymentGroup", HearthJson.readTree("{\"servers\": {}}"))
                .memberType()).isEqualTo("OS::Heat::StructuredDeployment");
    }
}
