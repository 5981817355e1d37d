package io.hearth.deployment.repository;

import io.hearth.deployment.domain.ServerMetadataRow;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;

/**
 * Every query of the servers' metadata rows ({@code server_metadata}) in the session's transaction: plain objects
 * the transaction holds and writes with its deployments ({@link SoftwareDeploymentRepository}); the deployments API's
 * {@link DeploymentRows} claims and updates them with the same columns on a connection of the reactive pool.
 */
@ApplicationScoped
public class ServerMetadataRepository {

    private final SoftwareDeploymentRepository deployments;

    public ServerMetadataRepository(SoftwareDeploymentRepository deployments) {
        this.deployments = deployments;
    }

    /** The server's row, or null. */
    public Uni<ServerMetadataRow> find(String serverId) {
        return deployments.server(serverId, false);
    }

    /**
     * The server's row, locked until the transaction ends (its stack's row first), or null; a row made in the
     * transaction is found, and so is one of a stack it holds (locked with the stack).
     */
    public Uni<ServerMetadataRow> lock(String serverId) {
        return deployments.server(serverId, true);
    }

    /** The rows of these servers that exist. */
    public Uni<List<ServerMetadataRow>> list(Collection<String> serverIds) {
        return serverIds.isEmpty() ? Uni.createFrom().item(List.of())
                : deployments.servers("server_id = any($1)", (Object) serverIds.toArray(String[]::new));
    }

    /** How many of these servers have a row. */
    public Uni<Long> count(Collection<String> serverIds) {
        return serverIds.isEmpty() ? Uni.createFrom().item(0L)
                : deployments.count("server_metadata where server_id = any($1)",
                        (Object) serverIds.toArray(String[]::new));
    }

    /** Adds a new server's row, written with the transaction's other changes. */
    public Uni<ServerMetadataRow> insert(ServerMetadataRow row) {
        return deployments.insert(row);
    }

    /** Removes the server's row with a statement of its own, at once. */
    public Uni<Void> delete(ServerMetadataRow row) {
        return deployments.deleteServers(List.of(row.serverId));
    }

    /** Removes the rows of these servers that exist (a stack's abandon). */
    public Uni<Void> deleteAll(Collection<String> serverIds) {
        return deployments.deleteServers(serverIds);
    }
}
