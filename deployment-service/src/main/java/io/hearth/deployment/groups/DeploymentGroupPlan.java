package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code OS::Heat::SoftwareDeploymentGroup} and {@code OS::Heat::StructuredDeploymentGroup}: a ResourceGroup
 * whose members are named by the keys of {@code servers}, each a SoftwareDeployment (StructuredDeployment)
 * with the group's other properties and {@code server} set to that key's value. Every update counts as a
 * changed definition, so a {@code rolling_update} policy always batches ({@code res_def_changed} is always
 * true in Heat), with no minimum in service.
 *
 * @param memberType  the members' type
 * @param servers     the {@code servers} map, in its order
 * @param shared      the other properties, null values left out
 */
public record DeploymentGroupPlan(String memberType, ObjectNode servers, ObjectNode shared) {

    /** The plan of a group of this type with these properties. */
    public static DeploymentGroupPlan of(String groupType, JsonNode properties) {
        String member = groupType.startsWith("OS::Heat::Structured") ? "OS::Heat::StructuredDeployment"
                : "OS::Heat::SoftwareDeployment";
        ObjectNode shared = JsonNodeFactory.instance.objectNode();
        properties.fields().forEachRemaining(p -> {
            if (!p.getKey().equals("servers") && !p.getValue().isNull()) {
                shared.set(p.getKey(), p.getValue());
            }
        });
        JsonNode servers = properties.path("servers");
        return new DeploymentGroupPlan(member, servers.isObject() ? (ObjectNode) servers
                : JsonNodeFactory.instance.objectNode(), shared);
    }

    /** The first {@code size} keys of {@code servers}. */
    public List<String> names(int size) {
        List<String> names = new ArrayList<>();
        servers.fieldNames().forEachRemaining(n -> {
            if (names.size() < size) {
                names.add(n);
            }
        });
        return names;
    }

    /** The deployment of one key: the shared properties and {@code server}. */
    public JsonNode memberDefinition(String name) {
        ObjectNode properties = shared.deepCopy();
        properties.set("server", servers.get(name));
        ObjectNode definition = JsonNodeFactory.instance.objectNode().put("type", memberType);
        definition.set("properties", properties);
        return definition;
    }

    /** The steps of a create or update: one template, or the batches of a policy. */
    public List<GroupStep> steps(List<RollingUpdate.Definition> valid, int current, BatchPolicy policy,
            long stackTimeoutSeconds) {
        int count = servers.size();
        if (policy == null) {
            return List.of(new GroupStep(names(count).stream()
                    .map(n -> new RollingUpdate.Definition(n, memberDefinition(n))).toList(), 0));
        }
        return new GroupBatches(count, this::names, this::memberDefinition).steps(valid, current,
                new BatchPolicy(0, policy.maxBatchSize(), policy.pauseTime()), stackTimeoutSeconds);
    }
}
