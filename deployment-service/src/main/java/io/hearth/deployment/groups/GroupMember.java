package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Comparator;

/**
 * A member of a group as the group sees it: a resource of its nested stack.
 *
 * @param name        the member's resource name in the nested stack
 * @param failed      whether its status is FAILED
 * @param createdAt   when it was created
 * @param referenceId what {@code get_resource} gives for it
 * @param attributes  its attributes by name (never null)
 */
public record GroupMember(String name, boolean failed, Instant createdAt, String referenceId, JsonNode attributes) {

    /**
     * Heat's member order ({@code GroupInspector}, {@code grouputils.get_members}): failed members first, then
     * by creation time, then by name.
     */
    public static final Comparator<GroupMember> ORDER = Comparator.comparing((GroupMember m) -> !m.failed())
            .thenComparing(GroupMember::createdAt, Comparator.nullsLast(Comparator.naturalOrder()))
            .thenComparing(GroupMember::name);
}
