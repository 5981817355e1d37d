package io.hearth.contracts.instance.v1;

import java.time.Instant;

/**
 * A server of a stack entered or left CREATE_COMPLETE.
 *
 * @param stackId       the stack's id
 * @param tenant        the owning tenant
 * @param groupName     the group (ResourceGroup, AutoScalingGroup, deployment group) it belongs to, may be null
 * @param serverId      the server's id
 * @param resourceName  the server's resource name
 * @param address       the server's address, may be null
 * @param previousState the state it left, e.g. CREATE_IN_PROGRESS
 * @param state         the state it entered, e.g. CREATE_COMPLETE or DELETE_IN_PROGRESS
 * @param changedAt     when it changed
 */
public record InstanceStateChanged(String stackId, String tenant, String groupName, String serverId,
        String resourceName, String address, String previousState, String state, Instant changedAt) {
    public static final String TYPE = "io.hearth.instance.state-changed.v1";
}
