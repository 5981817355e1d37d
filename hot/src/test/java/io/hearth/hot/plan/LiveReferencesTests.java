package io.hearth.hot.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.TemplateException;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.read.TemplateReader;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hearth's live references: a contextualized deployment's reads of deployments and data bags are no dependencies. */
class LiveReferencesTests {

    private static final String CYCLE = """
            heat_template_version: 2021-04-16
            resources:
              config: {type: OS::Heat::SoftwareConfig, properties: {group: script, config: x}}
              bag: {type: OS::Hearth::DataBag}
              head:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: head-server
                  actions: ACTIONS
                  input_values: {computes: {get_attr: [compute, address]}, token: {get_attr: [bag, token]}}
              compute:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: compute-server
                  input_values: {key: {get_attr: [head, key]}}
            """;

    private StackPlan plan(String template) {
        return new StackPlanner().plan(new TemplateReader().readTemplate(template).document(), null, Map.of(),
                Map.of(), new StackIdentity("s", "0c4c3a1e-0000-4000-8000-000000000001", "demo"), null, true);
    }

    @Test
    void aCycleThroughAContextualizedDeploymentIsPlannedWithItsReadsLive() {
        StackPlan plan = plan(CYCLE.replace("ACTIONS", "[CREATE, UPDATE, CONTEXTUALIZE]"));
        PlannedResource head = plan.resources().stream().filter(r -> r.name().equals("head")).findFirst()
                .orElseThrow();
        assertThat(head.dependsOn()).containsExactly("config");
        assertThat(head.live()).containsExactlyInAnyOrder("compute", "bag");
        PlannedResource compute = plan.resources().stream().filter(r -> r.name().equals("compute")).findFirst()
                .orElseThrow();
        assertThat(compute.dependsOn()).as("without CONTEXTUALIZE it waits, as in Heat")
                .containsExactlyInAnyOrder("config", "head");
        assertThat(compute.live()).isEmpty();
    }

    @Test
    void aCycleWithoutSuchADeploymentIsStillRefusedNamingIt() {
        assertThatThrownBy(() -> plan(CYCLE.replace("ACTIONS", "[CREATE, UPDATE]")))
                .isInstanceOf(TemplateException.class)
                .hasMessageContaining("Circular Dependency Found: ").hasMessageContaining("head")
                .hasMessageContaining("compute");
    }

    @Test
    void whatDependsOnNamesStaysADependency() {
        StackPlan plan = plan(CYCLE.replace("ACTIONS", "[CREATE, CONTEXTUALIZE]")
                .replace("  head:\n", "  head:\n    depends_on: [bag]\n"));
        PlannedResource head = plan.resources().stream().filter(r -> r.name().equals("head")).findFirst()
                .orElseThrow();
        assertThat(head.dependsOn()).containsExactlyInAnyOrder("config", "bag");
        assertThat(head.live()).containsExactly("compute");
    }
}
