package io.hearth.template.service;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code required_by}: the inverse of each planned resource's {@code dependsOn}. */
class StackResourcesTests {

    @Test
    void requiredByListsTheDependentsInPlanOrder() {
        StackPlan plan = new StackPlan("2018-08-31", null, Map.of(), List.of(
                resource("net"), resource("pw"), resource("server", "net"), resource("cfg", "pw"),
                resource("deploy", "server", "cfg", "server")), Map.of(), null, true);
        Map<String, List<String>> requiredBy = StackResources.requiredBy(plan);
        assertThat(requiredBy).containsOnlyKeys("net", "pw", "server", "cfg");
        assertThat(requiredBy.get("net")).containsExactly("server");
        assertThat(requiredBy.get("server")).containsExactly("deploy");
        assertThat(requiredBy.get("cfg")).containsExactly("deploy");
    }

    private static PlannedResource resource(String name, String... dependsOn) {
        return new PlannedResource(name, "OS::Heat::None", null, List.of(dependsOn), null, null);
    }
}
