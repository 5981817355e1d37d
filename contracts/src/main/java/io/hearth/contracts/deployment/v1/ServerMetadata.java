package io.hearth.contracts.deployment.v1;

import java.util.List;

/**
 * The server part of the metadata document an agent polls for one server: everything but its deployments' items,
 * which are {@link ServerDeployment} records of their own. Written to the compacted {@code hearth.server.metadata}
 * keyed by server id when the server's part changes (its first deployment, a check); a tombstone (null value) when
 * the server is gone.
 *
 * @param serverId    the server's id
 * @param stackId     the stack the server belongs to
 * @param tenant      the owning tenant
 * @param generation  the server's document generation of this change (see {@link ServerDeployment#generation})
 * @param deployments empty as deployment-service writes it; a whole document's items, in Heat's order, as written
 *                    before {@code hearth.server.deployments} existed (consumers take them as the server's items as
 *                    of {@code generation})
 * @param check       a stack CHECK's token while the server is checked (the gateway reports the first poll that is
 *                    served it as a {@code ServerCheckedIn} with this token), else null
 */
public record ServerMetadata(String serverId, String stackId, String tenant, long generation,
        List<DeploymentItem> deployments, String check) {
    public static final String TYPE = "io.hearth.deployment.server-metadata.v1";

    public ServerMetadata {
        deployments = deployments == null ? List.of() : List.copyOf(deployments);
    }

    /** A document that asks for no check. */
    public ServerMetadata(String serverId, String stackId, String tenant, long generation,
            List<DeploymentItem> deployments) {
        this(serverId, stackId, tenant, generation, deployments, null);
    }
}
