package io.hearth.hot.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.read.TemplateReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A resource's update_policy travels in the plan, evaluated, for the groups' batch_create and rolling_update. */
class UpdatePolicyPlanTests {

    @Test
    void theUpdatePolicyIsPlannedWithItsParametersResolvedAndLeftOutWhenAbsent() {
        StackPlan plan = new StackPlanner().plan(new TemplateReader().readTemplate("""
                heat_template_version: 2021-04-16
                parameters:
                  batch: {type: number, default: 2}
                resources:
                  group:
                    type: OS::Heat::ResourceGroup
                    properties: {count: 4, resource_def: {type: OS::Heat::None}}
                    update_policy:
                      batch_create: {max_batch_size: {get_param: batch}, pause_time: 1}
                  other: {type: OS::Heat::None}
                """).document(), null, null, Map.of(), new StackIdentity("s", "0b7a3c57-0000-4000-8000-000000000009",
                "demo"), null, true);

        assertThat(plan.resources().get(0).updatePolicy())
                .isEqualTo(HearthJson.readTree("{\"batch_create\": {\"max_batch_size\": 2, \"pause_time\": 1}}"));
        assertThat(plan.resources().get(1).updatePolicy()).isNull();
        assertThat(HearthJson.write(plan.resources().get(1))).doesNotContain("updatePolicy");
    }
}
