package io.hearth.deployment.software;

import io.hearth.contracts.signal.v1.DeploymentProgressed;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * A running hook's progress reports ({@link DeploymentProgressed}): each one for the deployment's current action and
 * generation while it is IN_PROGRESS sets its {@code status_reason} (the message) and {@code progress} and publishes
 * its {@code DeploymentStatusChanged}; the status stays IN_PROGRESS. A report for another run, or one arriving after
 * the terminal signal, changes nothing. Only the deployment's row is locked: a report never settles a resource.
 */
@ApplicationScoped
public class DeploymentProgress {

    private static final Logger LOG = Logger.getLogger(DeploymentProgress.class);

    private final DeploymentPublisher publisher;
    private final SoftwareDeploymentRepository deployments;

    public DeploymentProgress(DeploymentPublisher publisher, SoftwareDeploymentRepository deployments) {
        this.publisher = publisher;
        this.deployments = deployments;
    }

    /** Applies reports in their order, in the caller's transaction. */
    public Uni<Void> apply(List<DeploymentProgressed> reports) {
        return Multi.createFrom().iterable(reports).onItem().transformToUniAndConcatenate(this::apply)
                .collect().last().replaceWithVoid();
    }

    private Uni<Void> apply(DeploymentProgressed report) {
        UUID id = SoftwareConfigStore.uuid(report.deploymentId());
        Uni<SoftwareDeployment> found = id == null ? Uni.createFrom().nullItem()
                : deployments.lock(id);
        return found.chain(d -> {
            if (d == null || d.generation != report.generation() || !Objects.equals(d.action, report.action())
                    || !Status.IN_PROGRESS.is(d.status)) {
                LOG.debugf("progress of deployment %s (%s, generation %d) is for no running run: ignored",
                        report.deploymentId(), report.action(), report.generation());
                return Uni.createFrom().voidItem();
            }
            if (report.message() != null) {
                d.statusReason = report.message();
            }
            d.progressGeneration = d.generation;
            d.progress = report.progress() != null ? report.progress() : d.currentProgress();
            d.updatedAt = report.receivedAt() != null ? report.receivedAt() : Instant.now();
            return publisher.status(d);
        });
    }
}
