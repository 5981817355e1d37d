package io.hearth.deployment.repository;

import io.hearth.deployment.domain.DeploymentSignal;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.platform.messaging.FlushGate;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.util.Collection;
import java.util.List;
import java.util.UUID;

/**
 * Every query of the software deployments ({@code software_deployment}) and of the signals recorded for them
 * ({@code deployment_signal}) in the session's transaction; {@link DeploymentRows} writes the same rows in plain SQL
 * on a connection of the reactive pool.
 */
@ApplicationScoped
public class SoftwareDeploymentRepository {

    /** The deployment, of any tenant, or null. */
    public Uni<SoftwareDeployment> find(UUID id) {
        return SoftwareDeployment.findById(id);
    }

    /** The deployment, its row locked until the transaction ends ({@code FOR UPDATE}), or null. */
    public Uni<SoftwareDeployment> lock(UUID id) {
        return SoftwareDeployment.findById(id, LockModeType.PESSIMISTIC_WRITE);
    }

    /** The deployments with these ids that exist. */
    public Uni<List<SoftwareDeployment>> list(Collection<UUID> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(List.of()) : SoftwareDeployment.list("id in ?1", ids);
    }

    /** A tenant's deployments, oldest first, of one server when {@code serverId} is given. */
    public Uni<List<SoftwareDeployment>> ofTenant(String tenant, String serverId) {
        return serverId == null
                ? SoftwareDeployment.list("tenant = ?1 order by createdAt, id", tenant)
                : SoftwareDeployment.list("tenant = ?1 and serverId = ?2 order by createdAt, id", tenant, serverId);
    }

    /** The tenant's deployments on the server, oldest first, the transaction's writes seen. */
    public Uni<List<SoftwareDeployment>> onServer(String tenant, String serverId) {
        return flush().chain(() -> ofTenant(tenant, serverId));
    }

    /** Every deployment naming the server, of any tenant. */
    public Uni<List<SoftwareDeployment>> onServer(String serverId) {
        return SoftwareDeployment.list("serverId", serverId);
    }

    /** The deployment(s) of a stack's resource. */
    public Uni<List<SoftwareDeployment>> ofResource(String stackId, String resourceName) {
        return SoftwareDeployment.list("stackId = ?1 and resourceName = ?2", stackId, resourceName);
    }

    /** The deployments of these stacks, oldest first. */
    public Uni<List<SoftwareDeployment>> ofStacks(Collection<String> stackIds) {
        return stackIds.isEmpty() ? Uni.createFrom().item(List.of())
                : SoftwareDeployment.list("stackId in ?1 order by createdAt, id", stackIds);
    }

    /** How many of these deployments exist. */
    public Uni<Long> count(Collection<UUID> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(0L) : SoftwareDeployment.count("id in ?1", ids);
    }

    /** How many deployments use the config. */
    public Uni<Long> using(UUID configId) {
        return SoftwareDeployment.count("configId", configId);
    }

    /** Adds a new deployment's row. */
    public Uni<Void> insert(SoftwareDeployment d) {
        return d.persist().replaceWithVoid();
    }

    /** Deletes the deployment's row, at once (the statements that follow see it gone). */
    public Uni<Void> delete(SoftwareDeployment d) {
        return d.delete().chain(this::flush);
    }

    /** Deletes the deployments of these stacks (a stack's abandon). */
    public Uni<Void> deleteOfStacks(Collection<String> stackIds) {
        return stackIds.isEmpty() ? Uni.createFrom().voidItem()
                : SoftwareDeployment.delete("stackId in ?1", stackIds).replaceWithVoid();
    }

    /** Records a signal (or a terminal status the API set). */
    public Uni<Void> insertSignal(DeploymentSignal signal) {
        return signal.persist().replaceWithVoid();
    }

    /**
     * Writes what the session's transaction changed so far: the engine writes at commit, and a statement of
     * these tables must see a deployment or server row made in the same transaction.
     */
    Uni<Void> flush() {
        return SoftwareDeployment.getSession().chain(FlushGate::flush);
    }
}
