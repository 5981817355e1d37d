package io.hearth.deployment.repository;

import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.platform.messaging.FlushGate;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Collection;
import java.util.List;

/**
 * Every query of the servers' metadata rows ({@code server_metadata}) in the session's transaction;
 * {@link DeploymentRows} claims and updates them in plain SQL on a connection of the reactive pool.
 */
@ApplicationScoped
public class ServerMetadataRepository {

    private static final String DELETE = "delete from {h-schema}server_metadata where server_id = ?1";

    private final SoftwareDeploymentRepository deployments;

    public ServerMetadataRepository(SoftwareDeploymentRepository deployments) {
        this.deployments = deployments;
    }

    /** The server's row, or null. */
    public Uni<ServerMetadataRow> find(String serverId) {
        return ServerMetadataRow.findById(serverId);
    }

    /**
     * The server's row, locked until the transaction ends, or null; the transaction's writes go first, so a row
     * made in it is found.
     */
    public Uni<ServerMetadataRow> lock(String serverId) {
        // A query, not findById with a lock: Hibernate's lock statement for an entity already in the
        // session names the id column by its attribute (serverId), not by its column (server_id).
        return deployments.flush().chain(() -> ServerMetadataRow.<ServerMetadataRow>find("serverId", serverId)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult());
    }

    /** The rows of these servers that exist. */
    public Uni<List<ServerMetadataRow>> list(Collection<String> serverIds) {
        return serverIds.isEmpty() ? Uni.createFrom().item(List.of())
                : ServerMetadataRow.list("serverId in ?1", serverIds);
    }

    /** How many of these servers have a row. */
    public Uni<Long> count(Collection<String> serverIds) {
        return serverIds.isEmpty() ? Uni.createFrom().item(0L) : ServerMetadataRow.count("serverId in ?1", serverIds);
    }

    /** Adds a new server's row. */
    public Uni<ServerMetadataRow> insert(ServerMetadataRow row) {
        return row.persist();
    }

    /**
     * Removes the server's row with a statement of its own, at once, never as an entity delete at a flush (see
     * docs/architecture.md on hibernate-reactive issue 1713); the row is detached from the session first, so no
     * flush writes it again.
     */
    public Uni<Void> delete(ServerMetadataRow row) {
        return Panache.getSession().chain(session -> FlushGate.flush(session).chain(() -> {
            session.detach(row);
            return session.createNativeQuery(DELETE).setParameter(1, row.serverId).executeUpdate();
        })).replaceWithVoid();
    }

    /** Removes the rows of these servers that exist (a stack's abandon). */
    public Uni<Void> deleteAll(Collection<String> serverIds) {
        return serverIds.isEmpty() ? Uni.createFrom().voidItem()
                : ServerMetadataRow.delete("serverId in ?1", serverIds).replaceWithVoid();
    }
}
