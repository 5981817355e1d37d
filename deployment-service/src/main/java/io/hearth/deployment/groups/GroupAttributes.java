package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.functions.AttributePath;
import io.hearth.hot.functions.ExpressionException;
import java.util.List;
import java.util.Map;

/**
 * The groups' {@code get_attr} as Heat answers it ({@code get_attribute} of {@code resource_group.py},
 * {@code autoscaling_group.py} and {@code SoftwareDeploymentGroup}), over the group's members: a missing
 * member is Heat's {@code Member 'N' not found in group resource 'NAME'.}, an attribute the group does not
 * have {@code The Referenced Attribute (NAME KEY) is incorrect.}
 */
public final class GroupAttributes {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private GroupAttributes() {
    }

    /**
     * ResourceGroup: {@code refs} (with a path into the list), {@code refs_map}, {@code removed_rsrc_list},
     * {@code attributes} (needs a path: a map of member name to the member's attribute), {@code resource.N}
     * (member N's reference id), {@code resource.N.attr} (its attribute), and any other key as the list of every
     * member's value of that attribute.
     *
     * @param members  the members by name, in the order of the group's names (index order)
     * @param skiplist the stored removed names
     */
    public static JsonNode resourceGroup(String group, Map<String, GroupMember> members, List<String> skiplist,
            String key, List<JsonNode> path) {
        switch (key) {
            case "removed_rsrc_list":
                return strings(skiplist);
            case "refs":
                ArrayNode refs = JSON.arrayNode();
                members.values().forEach(m -> refs.add(ref(m)));
                return AttributePath.select(refs, path);
            case "refs_map":
                return refsMap(members);
            case "attributes":
                if (path.isEmpty()) {
                    throw incorrect(group, key);
                }
                ObjectNode byName = JSON.objectNode();
                members.forEach((name, m) -> byName.set(name, member(m, path)));
                return byName;
            default:
                break;
        }
        if (key.startsWith("resource.")) {
            String[] parts = key.split("\\.", 3);
            GroupMember member = members.get(parts[1]);
            if (member == null) {
                throw notFound(parts[1], group);
            }
            return parts.length == 2 && path.isEmpty() ? ref(member) : memberPath(member, parts, path);
        }
        return everyMember(members, key, path);
    }

    /**
     * ResourceChain ({@code resource_chain.py}): as a ResourceGroup without a skiplist, except that the chain has
     * neither {@code refs_map} nor {@code removed_rsrc_list}, so those are, as any other key, the list of every
     * member's value of that attribute.
     *
     * @param members the members by name, in index order
     */
    public static JsonNode resourceChain(String chain, Map<String, GroupMember> members, String key,
            List<JsonNode> path) {
        if (key.equals("refs_map") || key.equals("removed_rsrc_list")) {
            return everyMember(members, key, path);
        }
        return resourceGroup(chain, members, List.of(), key, path);
    }

    /** Every member's value of the attribute {@code key} (with the path applied), in the members' order. */
    private static ArrayNode everyMember(Map<String, GroupMember> members, String key, List<JsonNode> path) {
        ArrayNode values = JSON.arrayNode();
        members.values().forEach(m -> values.add(member(m, prepend(key, path))));
        return values;
    }

    /**
     * AutoScalingGroup: {@code current_size}, {@code refs}, {@code refs_map}, {@code outputs} and {@code
     * outputs_list} (both need a path: the members' attribute by name, or as a list), {@code resource.N} and
     * {@code resource.N.attr} where N is a position in the member order; anything else is refused.
     *
     * @param members the members that are not FAILED, in Heat's order ({@link GroupMember#ORDER})
     */
    public static JsonNode autoScalingGroup(String group, List<GroupMember> members, String key, List<JsonNode> path) {
        switch (key) {
            case "current_size":
                return JSON.numberNode(members.size());
            case "refs":
                ArrayNode refs = JSON.arrayNode();
                members.forEach(m -> refs.add(ref(m)));
                return refs;
            case "refs_map":
                ObjectNode map = JSON.objectNode();
                members.forEach(m -> map.set(m.name(), ref(m)));
                return map;
            case "outputs", "outputs_list":
                if (path.isEmpty()) {
                    throw incorrect(group, key);
                }
                ObjectNode byName = JSON.objectNode();
                ArrayNode list = JSON.arrayNode();
                members.forEach(m -> {
                    byName.set(m.name(), member(m, path));
                    list.add(member(m, path));
                });
                return key.equals("outputs") ? byName : list;
            default:
                break;
        }
        if (!key.startsWith("resource.")) {
            throw incorrect(group, key);
        }
        String[] parts = key.split("\\.", 3);
        GroupMember member;
        try {
            member = members.get(Integer.parseInt(parts[1]));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw notFound(parts[1], group);
        }
        return parts.length == 2 && path.isEmpty() ? ref(member) : memberPath(member, parts, path);
    }

    /**
     * SoftwareDeploymentGroup and StructuredDeploymentGroup: {@code deploy_stdouts}, {@code deploy_stderrs},
     * {@code deploy_status_codes}, or any attribute of a SoftwareDeployment (its outputs), as a map of the
     * {@code servers} key to each deployment's value; a path selects inside that map.
     *
     * @param members the deployments by their {@code servers} key, in the map's order
     */
    public static JsonNode deploymentGroup(Map<String, GroupMember> members, String key, List<JsonNode> path) {
        String attribute = switch (key) {
            case "deploy_stdouts" -> "deploy_stdout";
            case "deploy_stderrs" -> "deploy_stderr";
            case "deploy_status_codes" -> "deploy_status_code";
            default -> key;
        };
        ObjectNode byName = JSON.objectNode();
        members.forEach((name, m) -> byName.set(name, member(m, List.of(TextNode.valueOf(attribute)))));
        return AttributePath.select(byName, path);
    }

    /** The members' reference ids by name, in their order. */
    public static ObjectNode refsMap(Map<String, GroupMember> members) {
        ObjectNode map = JSON.objectNode();
        members.forEach((name, m) -> map.set(name, ref(m)));
        return map;
    }

    private static JsonNode memberPath(GroupMember member, String[] parts, List<JsonNode> path) {
        return parts.length == 3 ? member(member, prepend(parts[2], path)) : member(member, path);
    }

    /** A member's attribute (the path's first item) with the rest of the path applied. */
    private static JsonNode member(GroupMember member, List<JsonNode> path) {
        JsonNode value = member.attributes().get(path.get(0).asText());
        return value == null ? NullNode.getInstance() : AttributePath.select(value, path.subList(1, path.size()));
    }

    private static JsonNode ref(GroupMember member) {
        return member.referenceId() == null ? TextNode.valueOf(member.name()) : TextNode.valueOf(member.referenceId());
    }

    private static List<JsonNode> prepend(String head, List<JsonNode> path) {
        List<JsonNode> all = new java.util.ArrayList<>(path.size() + 1);
        all.add(TextNode.valueOf(head));
        all.addAll(path);
        return all;
    }

    private static ArrayNode strings(List<String> values) {
        ArrayNode array = JSON.arrayNode();
        values.forEach(array::add);
        return array;
    }

    private static ExpressionException notFound(String member, String group) {
        return new ExpressionException("", "Member '" + member + "' not found in group resource '" + group + "'.");
    }

    private static ExpressionException incorrect(String group, String key) {
        return new ExpressionException("", "The Referenced Attribute (" + group + " " + key + ") is incorrect.");
    }
}
