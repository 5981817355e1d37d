package io.hearth.contracts.instance.v1;

import java.time.Instant;

/**
 * A server of a stack entered or left CREATE_COMPLETE.
 *
 * @param stackId       the id of the stack whose resource the server is
 * @param tenant        the owning tenant
 * @param groupName     the resource name of the group (ResourceGroup, AutoScalingGroup) whose member the server is
 *                      or is part of (a member that is a template resource), may be null
 * @param groupStackId  the id of the stack that holds that group resource, null when groupName is
 * @param memberStackId the id of the group member's own nested stack when the member is a template resource the
 *                      server is part of (its outputs are the member's outputs), null when the server itself is
 *                      the member or is in no group
 * @param serverId      the server's id
 * @param resourceName  the server's resource name
 * @param address       the server's address, may be null
 * @param previousState the state it left, e.g. CREATE_IN_PROGRESS
 * @param state         the state it entered, e.g. CREATE_COMPLETE or DELETE_IN_PROGRESS
 * @param changedAt     when it changed
 * @param rootStackId   the id of the top-level stack of the server's stack tree (the record's key), null in an
 *                      event written before it was carried
 */
public record InstanceStateChanged(String stackId, String tenant, String groupName, String groupStackId,
        String memberStackId, String serverId, String resourceName, String address, String previousState,
        String state, Instant changedAt, String rootStackId) {
    public static final String TYPE = "io.hearth.instance.state-changed.v1";

    /** An event that does not name its tree. */
    public InstanceStateChanged(String stackId, String tenant, String groupName, String groupStackId,
            String memberStackId, String serverId, String resourceName, String address, String previousState,
            String state, Instant changedAt) {
        this(stackId, tenant, groupName, groupStackId, memberStackId, serverId, resourceName, address, previousState,
                state, changedAt, null);
    }
}
