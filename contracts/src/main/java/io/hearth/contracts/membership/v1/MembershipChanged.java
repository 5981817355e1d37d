package io.hearth.contracts.membership.v1;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The CREATE_COMPLETE members of a group after a burst of instance changes.
 *
 * @param stackId    the stack's id
 * @param tenant     the owning tenant
 * @param groupName  the group's resource name
 * @param generation grows with every membership change of this group
 * @param members    every member now
 * @param joined     server ids that joined since the previous generation
 * @param left       server ids that left since the previous generation
 */
public record MembershipChanged(String stackId, String tenant, String groupName, long generation,
        List<Member> members, List<String> joined, List<String> left) {
    public static final String TYPE = "io.hearth.membership.changed.v1";

    /** The resource types whose members are counted and published: a ResourceGroup and an AutoScalingGroup. */
    public static final Set<String> GROUP_TYPES = Set.of("OS::Heat::ResourceGroup", "OS::Heat::AutoScalingGroup");

    /**
     * One member of a group.
     *
     * @param serverId     the server's id
     * @param resourceName the server's resource name
     * @param address      its address, may be null
     * @param outputs      the outputs of the member's own nested stack when the member is a template resource
     *                     (such a member is listed once that stack completed), null when the server is the member
     */
    public record Member(String serverId, String resourceName, String address, Map<String, JsonNode> outputs) {
    }
}
