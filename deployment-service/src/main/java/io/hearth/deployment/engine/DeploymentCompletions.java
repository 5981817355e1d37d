package io.hearth.deployment.engine;

import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.handlers.ResourceCall;
import io.hearth.deployment.handlers.SoftwareDeploymentHandler;
import io.hearth.deployment.software.SignalEvaluation;
import io.hearth.deployment.software.SignalOutcome;
import io.hearth.deployment.software.SoftwareDeployment;
import io.hearth.deployment.software.SoftwareDeployments;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Brings a stack resource's deployment result to its resource: when a deployment of a stack's resource
 * reaches COMPLETE or FAILED, whether by a hook's signal or by the API's update, the resource's waiting
 * action ends as the deployment did and the stack goes on (its dependents start, or it fails). The one
 * path for both sources is {@link #settled}.
 */
@ApplicationScoped
public class DeploymentCompletions {

    private static final Logger LOG = Logger.getLogger(DeploymentCompletions.class);

    private final SoftwareDeployments deployments;
    private final SoftwareDeploymentHandler handler;
    private final StackEngine engine;

    public DeploymentCompletions(SoftwareDeployments deployments, SoftwareDeploymentHandler handler,
            StackEngine engine) {
        this.deployments = deployments;
        this.handler = handler;
        this.engine = engine;
    }

    /** Applies a hook's signal; only an applied one can end its resource's action. */
    public Uni<Void> signalled(DeploymentSignalled signal) {
        return deployments.signal(signal).chain(outcome -> {
            if (outcome != SignalOutcome.APPLIED) {
                LOG.infof("signal of deployment %s (%s, generation %d) was %s: nothing changes",
                        signal.deploymentId(), signal.action(), signal.generation(), outcome);
                return Uni.createFrom().voidItem();
            }
            return SoftwareDeployment.<SoftwareDeployment>findById(UUID.fromString(signal.deploymentId()))
                    .chain(this::settled);
        });
    }

    /**
     * Ends the waiting action of the deployment's resource when the deployment's status is terminal and
     * the resource waits for that action; anything else changes nothing. Runs in the caller's transaction
     * and locks the stack's row.
     */
    public Uni<Void> settled(SoftwareDeployment d) {
        if (d == null || d.stackId == null || d.resourceName == null
                || !(SignalEvaluation.COMPLETE.equals(d.status) || SignalEvaluation.FAILED.equals(d.status))) {
            return Uni.createFrom().voidItem();
        }
        UUID stackId = io.hearth.deployment.software.SoftwareConfigStore.uuid(d.stackId);
        if (stackId == null) {
            return Uni.createFrom().voidItem();
        }
        return StackState.load(stackId).chain(state -> {
            if (state == null) {
                LOG.warnf("deployment %s of unknown stack %s: nothing to complete", d.id, d.stackId);
                return Uni.createFrom().voidItem();
            }
            String id = d.id.toString();
            ResourceRuntime row = state.rows().stream()
                    .filter(r -> id.equals(r.physicalId) && handler.types().contains(r.type))
                    .findFirst().orElse(null);
            if (row == null || !(d.action + "_" + StackState.IN_PROGRESS).equals(row.state())) {
                LOG.infof("deployment %s is %s; its resource %s in stack %s is %s: nothing to complete", id,
                        d.status, d.resourceName, d.stackId, row == null ? "gone" : row.state());
                return Uni.createFrom().voidItem();
            }
            return handler.settled(ResourceCall.of(state.stack(), row), d)
                    .chain(outcome -> engine.finishWaiting(state, row, outcome));
        });
    }
}
