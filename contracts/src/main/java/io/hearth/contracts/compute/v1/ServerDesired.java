package io.hearth.contracts.compute.v1;

/**
 * The state a server should be in, on the compacted topic {@code hearth.compute.servers} under the server's id: a
 * compute driver converges on the latest one of each server and never acts on one it has seen superseded
 * (docs/compute-drivers.md). Each change of a server's desired state has a higher {@code generation}; a driver
 * applies each generation of a server at most once.
 *
 * @param serverId   the server's id (the record's key)
 * @param stackId    the stack's id
 * @param tenant     the owning tenant
 * @param generation 1 for the create, one more for each later change (suspend, resume, delete)
 * @param desired    what is wanted: the server running, suspended, or gone
 * @param spec       how to create the server (the same in every generation)
 * @param rootStackId the top-level stack of the stack's tree, null in a state written before it was carried
 */
public record ServerDesired(String serverId, String stackId, String tenant, long generation, State desired,
        ServerSpec spec, String rootStackId) {

    public static final String TYPE = "io.hearth.compute.server-desired.v1";

    /** A desired state that does not name its stack tree. */
    public ServerDesired(String serverId, String stackId, String tenant, long generation, State desired,
            ServerSpec spec) {
        this(serverId, stackId, tenant, generation, desired, spec, null);
    }

    /**
     * The key of a driver's {@code ServerReported} about this server on {@code hearth.compute.status}: the stack tree,
     * so the report reaches the deployment-service replica owning the tree; the server id when the tree is not named.
     */
    public String reportKey() {
        return rootStackId != null ? rootStackId : serverId;
    }

    /** What is wanted of a server. */
    public enum State {
        /** The server exists and its agent runs (created when missing, resumed when suspended). */
        ACTIVE,
        /** The server exists and is suspended (Nova's suspend): its agent does not run. */
        SUSPENDED,
        /** The server is gone (deleted when it exists, never created when it does not). */
        DELETED
    }
}
