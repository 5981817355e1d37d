package io.hearth.deployment.groups;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.hot.functions.ExpressionException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The groups' attributes with Heat's get_attr semantics and errors. */
class GroupAttributesTests {

    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");

    private static GroupMember member(String name, int age, String value) {
        return new GroupMember(name, false, T0.plusSeconds(age), "ref-" + name,
                HearthJson.readTree("{\"value\": \"" + value + "\", \"map\": {\"k\": \"" + value + "k\"}}"));
    }

    private final Map<String, GroupMember> group = new LinkedHashMap<>(Map.of());

    {
        group.put("0", member("0", 0, "a"));
        group.put("2", member("2", 1, "b"));
    }

    private JsonNode rg(String key, Object... path) {
        return GroupAttributes.resourceGroup("grp", group, List.of("1"), key,
                java.util.Arrays.stream(path).map(p -> p instanceof Integer i ? (JsonNode) IntNode.valueOf(i)
                        : TextNode.valueOf((String) p)).toList());
    }

    @Test
    void resourceGroupAttributes() {
        assertThat(rg("refs")).isEqualTo(HearthJson.readTree("[\"ref-0\", \"ref-2\"]"));
        assertThat(rg("refs", 1)).isEqualTo(TextNode.valueOf("ref-2"));
        assertThat(rg("refs_map")).isEqualTo(HearthJson.readTree("{\"0\": \"ref-0\", \"2\": \"ref-2\"}"));
        assertThat(rg("removed_rsrc_list")).isEqualTo(HearthJson.readTree("[\"1\"]"));
        assertThat(rg("resource.2")).isEqualTo(TextNode.valueOf("ref-2"));
        assertThat(rg("resource.2.value")).isEqualTo(TextNode.valueOf("b"));
        assertThat(rg("resource.2.map", "k")).isEqualTo(TextNode.valueOf("bk"));
        assertThat(rg("resource.0", "value")).isEqualTo(TextNode.valueOf("a"));
        assertThat(rg("value")).isEqualTo(HearthJson.readTree("[\"a\", \"b\"]"));
        assertThat(rg("map", "k")).isEqualTo(HearthJson.readTree("[\"ak\", \"bk\"]"));
        assertThat(rg("nothing")).isEqualTo(HearthJson.readTree("[null, null]"));
        assertThat(rg("attributes", "value")).isEqualTo(HearthJson.readTree("{\"0\": \"a\", \"2\": \"b\"}"));
    }

    @Test
    void resourceChainAttributesAreAGroupsWithoutRefsMapOrRemovedList() {
        java.util.function.BiFunction<String, List<JsonNode>, JsonNode> chain = (key, path) ->
                GroupAttributes.resourceChain("chain", group, key, path);
        assertThat(chain.apply("refs", List.of())).isEqualTo(HearthJson.readTree("[\"ref-0\", \"ref-2\"]"));
        assertThat(chain.apply("refs", List.of(IntNode.valueOf(5)))).as("Heat: None past the end").isEqualTo(com.fasterxml.jackson.databind.node.NullNode.getInstance());
        assertThat(chain.apply("refs_map", List.of())).isEqualTo(HearthJson.readTree("[null, null]"));
        assertThat(chain.apply("removed_rsrc_list", List.of())).isEqualTo(HearthJson.readTree("[null, null]"));
        assertThat(chain.apply("resource.0", List.of())).isEqualTo(TextNode.valueOf("ref-0"));
        assertThat(chain.apply("value", List.of())).isEqualTo(HearthJson.readTree("[\"a\", \"b\"]"));
        assertThatThrownBy(() -> chain.apply("attributes", List.of())).isInstanceOf(ExpressionException.class)
                .hasMessage("The Referenced Attribute (chain attributes) is incorrect.");
        assertThatThrownBy(() -> chain.apply("resource.1", List.of())).isInstanceOf(ExpressionException.class)
                .hasMessage("Member '1' not found in group resource 'chain'.");
    }

    @Test
    void resourceGroupErrorsAreHeats() {
        assertThatThrownBy(() -> rg("resource.1")).isInstanceOf(ExpressionException.class)
                .hasMessage("Member '1' not found in group resource 'grp'.");
        assertThatThrownBy(() -> rg("resource.5.value"))
                .hasMessage("Member '5' not found in group resource 'grp'.");
        assertThatThrownBy(() -> rg("attributes"))
                .hasMessage("The Referenced Attribute (grp attributes) is incorrect.");
    }

    @Test
    void autoScalingGroupAttributesIndexMembersByPosition() {
        List<GroupMember> members = List.of(member("zq3", 0, "a"), member("ab1", 5, "b"));
        assertThat(GroupAttributes.autoScalingGroup("asg", members, "current_size", List.of())).isEqualTo(IntNode.valueOf(2));
        assertThat(GroupAttributes.autoScalingGroup("asg", members, "refs", List.of()))
                .isEqualTo(HearthJson.readTree("[\"ref-zq3\", \"ref-ab1\"]"));
        assertThat(GroupAttributes.autoScalingGroup("asg", members, "outputs_list", List.of(TextNode.valueOf("value"))))
                .isEqualTo(HearthJson.readTree("[\"a\", \"b\"]"));
        assertThat(GroupAttributes.autoScalingGroup("asg", members, "outputs", List.of(TextNode.valueOf("value"))))
                .isEqualTo(HearthJson.readTree("{\"zq3\": \"a\", \"ab1\": \"b\"}"));
        assertThat(GroupAttributes.autoScalingGroup("asg", members, "resource.1", List.of()))
                .isEqualTo(TextNode.valueOf("ref-ab1"));
        assertThat(GroupAttributes.autoScalingGroup("asg", members, "resource.0.value", List.of()))
                .isEqualTo(TextNode.valueOf("a"));
        assertThatThrownBy(() -> GroupAttributes.autoScalingGroup("asg", members, "resource.2", List.of()))
                .hasMessage("Member '2' not found in group resource 'asg'.");
        assertThatThrownBy(() -> GroupAttributes.autoScalingGroup("asg", members, "outputs", List.of()))
                .hasMessage("The Referenced Attribute (asg outputs) is incorrect.");
        assertThatThrownBy(() -> GroupAttributes.autoScalingGroup("asg", members, "value", List.of()))
                .hasMessage("The Referenced Attribute (asg value) is incorrect.");
    }

    @Test
    void deploymentGroupAttributesAreKeyedLikeServers() {
        Map<String, GroupMember> deployments = new LinkedHashMap<>();
        deployments.put("web", new GroupMember("web", false, T0, "d1",
                HearthJson.readTree("{\"deploy_stdout\": \"hi\", \"deploy_status_code\": 0, \"result\": \"r\"}")));
        deployments.put("db", new GroupMember("db", false, T0, "d2",
                HearthJson.readTree("{\"deploy_stdout\": \"ho\", \"deploy_status_code\": 1}")));

        assertThat(GroupAttributes.deploymentGroup(deployments, "deploy_stdouts", List.of()))
                .isEqualTo(HearthJson.readTree("{\"web\": \"hi\", \"db\": \"ho\"}"));
        assertThat(GroupAttributes.deploymentGroup(deployments, "deploy_status_codes", List.of(TextNode.valueOf("db"))))
                .isEqualTo(IntNode.valueOf(1));
        assertThat(GroupAttributes.deploymentGroup(deployments, "result", List.of()))
                .isEqualTo(HearthJson.readTree("{\"web\": \"r\", \"db\": null}"));
    }
}
