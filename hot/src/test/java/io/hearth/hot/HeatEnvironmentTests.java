package io.hearth.hot;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.envelope.HearthJson;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HeatEnvironmentTests {

    private static JsonNode json(String text) {
        return HearthJson.readTree(text);
    }

    @Test
    void everySectionIsPresentAndTheRequestsParametersWinOverTheEnvironments() {
        ObjectNode env = HeatEnvironment.of(json("{\"parameters\": {\"a\": 1, \"b\": 2}}"),
                Map.of("b", IntNode.valueOf(3)));
        assertThat(env).isEqualTo(json("""
                {"parameters": {"a": 1, "b": 3}, "resource_registry": {}, "parameter_defaults": {},
                 "encrypted_param_names": [], "event_sinks": []}"""));
        assertThat(HeatEnvironment.of(null, null).get("parameters")).isEqualTo(json("{}"));
    }

    @Test
    void patchKeepsStoredValuesLoadsTheNewOnesAndDropsWhatTheTemplateNoLongerDeclares() {
        JsonNode stored = json("""
                {"parameters": {"a": "A1", "b": "B1", "gone": "G"}, "parameter_defaults": {"d": 1},
                 "resource_registry": {"OS::Neutron::*": "OS::Heat::None", "OS::Nova::Server": "OS::Heat::None",
                                       "resources": {"web": {"hooks": "pre-create"}}},
                 "event_sinks": [], "encrypted_param_names": []}""");
        ObjectNode snippet = HeatEnvironment.of(json("""
                {"parameter_defaults": {"e": 2},
                 "resource_registry": {"OS::Nova::Server": null, "resources": {"db": {"hooks": "pre-update"}}}}"""),
                Map.of("a", TextNode.valueOf("A2")));

        ObjectNode patched = HeatEnvironment.patch(stored, snippet, List.of("b"), Set.of("a", "b", "c"));

        assertThat(patched.get("parameters")).isEqualTo(json("{\"a\": \"A2\"}"));
        assertThat(patched.get("parameter_defaults")).isEqualTo(json("{\"d\": 1, \"e\": 2}"));
        assertThat(patched.get("resource_registry")).isEqualTo(json("""
                {"OS::Neutron::*": "OS::Heat::None",
                 "resources": {"web": {"hooks": "pre-create"}, "db": {"hooks": "pre-update"}}}"""));
    }

    @Test
    void anObjectEnvironmentIsCheckedAsHeatChecksOne() {
        assertThat(HeatEnvironment.check(json("{\"parameters\": null, \"bogus\": {}}")))
                .extracting(Object::toString)
                .containsExactly("parameters: environment has empty section \"parameters\"",
                        "bogus: environment has wrong section \"bogus\"; the sections are [encrypted_param_names,"
                                + " event_sinks, parameter_defaults, parameter_merge_strategies, parameters,"
                                + " resource_registry]");
        assertThat(HeatEnvironment.check(json("[1]"))).extracting(Object::toString)
                .containsExactly("The environment is not a valid YAML mapping data type.");
    }

    @Test
    void validateShowsTheUsersEnvironmentWithTheRegistrysResourcesSection() {
        ObjectNode env = HeatEnvironment.of(json("{\"resource_registry\": {\"OS::Neutron::*\": \"OS::Heat::None\"}}"),
                null);
        assertThat(HeatEnvironment.userView(env)).isEqualTo(json("""
                {"resource_registry": {"OS::Neutron::*": "OS::Heat::None", "resources": {}},
                 "parameters": {}, "parameter_defaults": {}, "event_sinks": []}"""));
    }
}
