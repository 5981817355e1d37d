package io.hearth.contracts.deployment.v1;

import java.util.List;

/**
 * The whole metadata document an agent polls for one server. Written to the compacted
 * metadata topic keyed by server id; a tombstone (null value) when the server is gone.
 *
 * @param serverId    the server's id
 * @param stackId     the stack the server belongs to
 * @param tenant      the owning tenant
 * @param generation  grows with every change of this document
 * @param deployments the deployments the server must run, in Heat's order (by config name)
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
