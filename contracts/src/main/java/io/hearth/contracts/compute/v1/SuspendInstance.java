package io.hearth.contracts.compute.v1;

/**
 * A compute driver should suspend a server (Nova's suspend): its agent stops running and polling until it is
 * resumed; its deployments and journal stay.
 * The stack's SUSPEND sends it after the server's deployments ran their SUSPEND.
 *
 * @param serverId the server's id
 * @param stackId  the stack's id
 * @param tenant   the owning tenant
 */
public record SuspendInstance(String serverId, String stackId, String tenant) {
    public static final String TYPE = "io.hearth.compute.suspend-instance.v1";
}
