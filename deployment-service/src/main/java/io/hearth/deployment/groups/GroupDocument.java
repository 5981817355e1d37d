package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The attributes a group stores in its resource row once its nested stack settled: the attributes Heat lists
 * for the type (so resource show has them, and {@code get_attr: [group]}), and under {@link #MEMBERS} every
 * member's name, reference id and attributes in the group's order, from which {@link #select} answers any
 * {@code get_attr} on the group with Heat's semantics ({@link GroupAttributes}).
 */
public final class GroupDocument {

    /** The key of the members' list. */
    public static final String MEMBERS = "hearth.members";

    /** ResourceGroup. */
    public static final String RESOURCE_GROUP = "OS::Heat::ResourceGroup";
    /** ResourceChain. */
    public static final String RESOURCE_CHAIN = "OS::Heat::ResourceChain";
    /** AutoScalingGroup. */
    public static final String AUTO_SCALING_GROUP = "OS::Heat::AutoScalingGroup";
    /** The deployment groups, their deprecated names included. */
    public static final Set<String> DEPLOYMENT_GROUPS = Set.of("OS::Heat::SoftwareDeploymentGroup",
            "OS::Heat::StructuredDeploymentGroup", "OS::Heat::SoftwareDeployments", "OS::Heat::StructuredDeployments");

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private GroupDocument() {
    }

    /** Whether the type is a group whose attributes this class answers. */
    public static boolean isGroup(String type) {
        return RESOURCE_GROUP.equals(type) || RESOURCE_CHAIN.equals(type) || AUTO_SCALING_GROUP.equals(type)
                || DEPLOYMENT_GROUPS.contains(type);
    }

    /**
     * The stored attributes of a group.
     *
     * @param members  the members in the group's order (for an AutoScalingGroup, the ones not FAILED)
     * @param skiplist a ResourceGroup's removed names; ignored for the others
     */
    public static ObjectNode of(String type, String group, List<GroupMember> members, List<String> skiplist) {
        Map<String, GroupMember> byName = byName(members);
        ObjectNode document = JSON.objectNode();
        if (RESOURCE_GROUP.equals(type)) {
            for (String key : List.of("refs", "refs_map", "removed_rsrc_list")) {
                document.set(key, GroupAttributes.resourceGroup(group, byName, skiplist, key, List.of()));
            }
        } else if (RESOURCE_CHAIN.equals(type)) {
            document.set("refs", GroupAttributes.resourceChain(group, byName, "refs", List.of()));
        } else if (AUTO_SCALING_GROUP.equals(type)) {
            for (String key : List.of("current_size", "refs", "refs_map")) {
                document.set(key, GroupAttributes.autoScalingGroup(group, members, key, List.of()));
            }
        } else {
            for (String key : List.of("deploy_stdouts", "deploy_stderrs", "deploy_status_codes")) {
                document.set(key, GroupAttributes.deploymentGroup(byName, key, List.of()));
            }
        }
        ArrayNode list = document.putArray(MEMBERS);
        members.forEach(m -> list.addObject().put("name", m.name()).put("ref", m.referenceId())
                .set("attributes", m.attributes()));
        return document;
    }

    /** {@code get_attr: [group, key, path...]} over stored attributes. */
    public static JsonNode select(String type, String group, JsonNode document, String key, List<JsonNode> path) {
        List<GroupMember> members = new ArrayList<>();
        document.path(MEMBERS).forEach(m -> members.add(new GroupMember(m.path("name").asText(), false, null,
                m.path("ref").isTextual() ? m.get("ref").asText() : null,
                m.path("attributes").isObject() ? m.get("attributes") : JSON.objectNode())));
        if (AUTO_SCALING_GROUP.equals(type)) {
            return GroupAttributes.autoScalingGroup(group, members, key, path);
        }
        if (DEPLOYMENT_GROUPS.contains(type)) {
            return GroupAttributes.deploymentGroup(byName(members), key, path);
        }
        if (RESOURCE_CHAIN.equals(type)) {
            return GroupAttributes.resourceChain(group, byName(members), key, path);
        }
        List<String> skiplist = new ArrayList<>();
        document.path("removed_rsrc_list").forEach(n -> skiplist.add(n.asText()));
        return GroupAttributes.resourceGroup(group, byName(members), skiplist, key, path);
    }

    private static Map<String, GroupMember> byName(List<GroupMember> members) {
        Map<String, GroupMember> byName = new LinkedHashMap<>();
        members.forEach(m -> byName.put(m.name(), m));
        return byName;
    }
}
