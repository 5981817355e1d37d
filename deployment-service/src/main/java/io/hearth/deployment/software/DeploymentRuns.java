package io.hearth.deployment.software;

import io.hearth.deployment.domain.DeploymentRun;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.repository.DeploymentRunRepository;
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

    private final DeploymentRunRepository rows;

    public DeploymentRuns(DeploymentRunRepository rows) {
        this.rows = rows;
    }

    /** Stores a new run's row for the deployment's current generation ({@code d} already started it). */
    Uni<Void> start(SoftwareDeployment d) {
        return rows.insert(started(d));
    }

    private static DeploymentRun started(SoftwareDeployment d) {
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
            return rows.failInProgress(d.id, d.runGeneration, "superseded by " + d.action
                    + " (generation " + d.generation + ")");
        }
        return rows.find(d.id, d.generation).invoke(run -> {
            if (run != null) {
                copy(d, run);
            }
        }).replaceWithVoid();
    }

    /** The deployment's ad-hoc runs, oldest first. */
    public Uni<List<DeploymentRun>> of(UUID deploymentId) {
        return rows.of(deploymentId);
    }

    private static void copy(SoftwareDeployment d, DeploymentRun run) {
        run.status = d.status;
        run.statusReason = d.statusReason;
        run.progress = d.currentProgress();
        run.outputValues = d.outputValues;
        run.updatedAt = d.updatedAt != null ? d.updatedAt : Instant.now();
    }
}
