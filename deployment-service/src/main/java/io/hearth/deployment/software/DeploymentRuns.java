package io.hearth.deployment.software;

import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.DeploymentRun;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * The record of a deployment's ad-hoc runs ({@link DeploymentRun}): kept up to date with every status change of the
 * run's generation (the deployment's status is published through {@link DeploymentPublisher#status}, which calls
 * {@link #record}); a run still IN_PROGRESS when a later generation starts (an UPDATE of its stack, say) is FAILED
 * there, "superseded", since its signal will now be STALE.
 */
@ApplicationScoped
public class DeploymentRuns {

    /** A new run's row for the deployment's current generation, not yet stored ({@code d} already started it). */
    static DeploymentRun started(SoftwareDeployment d) {
        DeploymentRun run = new DeploymentRun();
        run.id = UUID.randomUUID();
        run.deploymentId = d.id;
        run.generation = d.generation;
        run.action = d.action;
        run.inputValues = d.runInputs;
        run.requestedAt = Instant.now();
        copy(d, run);
        return run;
    }

    /** Brings the record of the deployment's ad-hoc run up to date with it, in the caller's transaction. */
    Uni<Void> record(SoftwareDeployment d) {
        if (d.runGeneration == null) {
            return Uni.createFrom().voidItem();
        }
        if (!d.adHocRun()) {
            return DeploymentRun.update("status = ?1, statusReason = ?2, updatedAt = ?3 where deploymentId = ?4"
                    + " and generation = ?5 and status = ?6", Status.FAILED.name(), "superseded by " + d.action
                    + " (generation " + d.generation + ")", Instant.now(), d.id, d.runGeneration,
                    Status.IN_PROGRESS.name()).replaceWithVoid();
        }
        return DeploymentRun.<DeploymentRun>find("deploymentId = ?1 and generation = ?2", d.id, d.generation)
                .firstResult().invoke(run -> {
                    if (run != null) {
                        copy(d, run);
                    }
                }).replaceWithVoid();
    }

    /** The deployment's ad-hoc runs, oldest first. */
    public Uni<List<DeploymentRun>> of(UUID deploymentId) {
        return DeploymentRun.list("deploymentId = ?1 order by generation", deploymentId);
    }

    private static void copy(SoftwareDeployment d, DeploymentRun run) {
        run.status = d.status;
        run.statusReason = d.statusReason;
        run.progress = d.currentProgress();
        run.outputValues = d.outputValues;
        run.updatedAt = d.updatedAt != null ? d.updatedAt : Instant.now();
    }
}
