package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.deployment.domain.ResourceRuntime;
import java.util.Optional;

/**
 * A group's CREATE_COMPLETE members as the notifier publishes them, kept on the group's row
 * ({@code resource_runtime.membership}) and read as two Hearth attributes of every group: {@code members}, the list
 * of {@code {"name", "server_id", "address"}} (with {@code "outputs"}, the member stack's outputs, when the
 * members are template resources; empty before the first generation), and {@code members_generation}
 * (0 before the first).
 */
public final class GroupMembership {

    /** The attribute with the member list. */
    public static final String MEMBERS = "members";
    /** The attribute with the membership's generation. */
    public static final String GENERATION = "members_generation";

    private GroupMembership() {
    }

    /** The row's {@code membership} JSON for a generation. */
    public static String of(MembershipChanged changed) {
        ObjectNode document = JsonNodeFactory.instance.objectNode();
        document.put("generation", changed.generation());
        ArrayNode members = document.putArray("members");
        for (MembershipChanged.Member member : changed.members()) {
            ObjectNode entry = members.addObject().put("name", member.resourceName())
                    .put("server_id", member.serverId()).put("address", member.address());
            if (member.outputs() != null) {
                member.outputs().forEach(entry.putObject("outputs")::set);
            }
        }
        return HearthJson.write(document);
    }

    /** The generation the row holds, 0 before the first. */
    public static long generation(ResourceRuntime group) {
        return group.membership == null ? 0 : HearthJson.readTree(group.membership).path("generation").asLong();
    }

    /** {@code members} or {@code members_generation} of a group's row; empty for any other attribute. */
    public static Optional<JsonNode> attribute(ResourceRuntime group, String attribute) {
        if (MEMBERS.equals(attribute)) {
            return Optional.of(group.membership == null ? JsonNodeFactory.instance.arrayNode()
                    : HearthJson.readTree(group.membership).path("members"));
        }
        if (GENERATION.equals(attribute)) {
            long generation = generation(group);
            // as it reads back from JSON (an int while it fits), so a stored deployment's inputs compare equal
            return Optional.of(generation <= Integer.MAX_VALUE ? JsonNodeFactory.instance.numberNode((int) generation)
                    : JsonNodeFactory.instance.numberNode(generation));
        }
        return Optional.empty();
    }
}
