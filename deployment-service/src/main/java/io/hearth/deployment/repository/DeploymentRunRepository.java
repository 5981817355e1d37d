package io.hearth.deployment.repository;

import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.DeploymentRun;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** Every query of the deployments' ad-hoc runs ({@code deployment_run}). */
@ApplicationScoped
public class DeploymentRunRepository {

    /** Adds a new run's row. */
    public Uni<Void> insert(DeploymentRun run) {
        return run.persist().replaceWithVoid();
    }

    /** FAILs the deployment's run of {@code generation} while it is IN_PROGRESS, with {@code reason}. */
    public Uni<Void> failInProgress(UUID deploymentId, long generation, String reason) {
        return DeploymentRun.update("status = ?1, statusReason = ?2, updatedAt = ?3 where deploymentId = ?4"
                + " and generation = ?5 and status = ?6", Status.FAILED.name(), reason, Instant.now(), deploymentId,
                generation, Status.IN_PROGRESS.name()).replaceWithVoid();
    }

    /** The deployment's run of {@code generation} (a managed row), or null. */
    public Uni<DeploymentRun> find(UUID deploymentId, long generation) {
        return DeploymentRun.<DeploymentRun>find("deploymentId = ?1 and generation = ?2", deploymentId, generation)
                .firstResult();
    }

    /** The deployment's runs, oldest first. */
    public Uni<List<DeploymentRun>> of(UUID deploymentId) {
        return DeploymentRun.list("deploymentId = ?1 order by generation", deploymentId);
    }
}
