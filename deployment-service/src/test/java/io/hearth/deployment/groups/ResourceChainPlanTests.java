package io.hearth.deployment.groups;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The chain's nested template, from Heat's {@code test_resource_chain.py} scenarios. */
class ResourceChainPlanTests {

    private static List<RollingUpdate.Definition> members(String properties) {
        return ResourceChainPlan.members(HearthJson.readTree(properties));
    }

    @Test
    void withoutConcurrencyEachMemberDependsOnThePreviousAndAllGetTheSameProperties() {
        List<RollingUpdate.Definition> members = members("""
                {"resources": ["OS::Heat::SoftwareConfig", "OS::Heat::StructuredConfig"], "concurrent": false,
                 "resource_properties": {"group": "test-group"}}""");
        assertThat(members).extracting(RollingUpdate.Definition::name).containsExactly("0", "1");
        assertThat(members.get(0).definition()).isEqualTo(HearthJson.readTree(
                "{\"type\": \"OS::Heat::SoftwareConfig\", \"properties\": {\"group\": \"test-group\"}}"));
        assertThat(members.get(1).definition()).isEqualTo(HearthJson.readTree("{\"type\": \"OS::Heat::StructuredConfig\","
                + " \"properties\": {\"group\": \"test-group\"}, \"depends_on\": [\"0\"]}"));
    }

    @Test
    void concurrentIsFalseByDefaultAndTrueLeavesMembersIndependent() {
        assertThat(members("{\"resources\": [\"A\", \"B\"]}").get(1).definition().get("depends_on"))
                .isEqualTo(HearthJson.readTree("[\"0\"]"));
        assertThat(members("{\"resources\": [\"A\", \"B\", \"C\"], \"concurrent\": true}"))
                .allMatch(m -> !m.definition().has("depends_on"));
    }

    @Test
    void anEmptyListMakesNoMembersAndNoPropertiesNoPropertiesKey() {
        assertThat(members("{\"resources\": []}")).isEmpty();
        JsonNode only = members("{\"resources\": [\"OS::Heat::None\"], \"resource_properties\": null}").get(0)
                .definition();
        assertThat(only).isEqualTo(HearthJson.readTree("{\"type\": \"OS::Heat::None\"}"));
        assertThat(GroupTemplates.template(members("{\"resources\": []}")).path("resources").isEmpty()).isTrue();
    }
}
