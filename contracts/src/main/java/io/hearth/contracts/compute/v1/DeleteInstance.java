package io.hearth.contracts.compute.v1;

/**
 * A compute driver should stop and remove a server.
 *
 * @param serverId the server's id
 * @param stackId  the stack's id
 * @param tenant   the owning tenant
 */
public record DeleteInstance(String serverId, String stackId, String tenant) {
    public static final String TYPE = "io.hearth.compute.delete-instance.v1";
}
