package io.hearth.deployment.messaging;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.contracts.signal.v1.WaitConditionSignalled;
import io.hearth.deployment.engine.DeploymentCompletions;
import io.hearth.deployment.engine.ServerCheckIns;
import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import org.jboss.logging.Logger;

/** Dispatches the gateway's signals by event type. */
@ApplicationScoped
public class SignalHandler {

    /** The event types this handler acts on: check-ins, deployment and wait condition signals. */
    public static final Set<String> TYPES = Set.of(ServerCheckedIn.TYPE, DeploymentSignalled.TYPE, WaitConditionSignalled.TYPE);

    private static final Logger LOG = Logger.getLogger(SignalHandler.class);

    private final ServerCheckIns checkIns;
    private final DeploymentCompletions deployments;

    public SignalHandler(ServerCheckIns checkIns, DeploymentCompletions deployments) {
        this.checkIns = checkIns;
        this.deployments = deployments;
    }

    /** Applies one signal inside the processor's transaction. */
    public Uni<Void> handle(CloudEvent event) {
        return switch (event.type()) {
            case ServerCheckedIn.TYPE -> checkIns.checkedIn(event.dataAs(ServerCheckedIn.class));
            case DeploymentSignalled.TYPE -> deploymentSignalled(event.dataAs(DeploymentSignalled.class));
            case WaitConditionSignalled.TYPE -> waitConditionSignalled(event.dataAs(WaitConditionSignalled.class));
            default -> EventProcessor.ignore(event);
        };
    }

    /** A deployment's hook finished: its status is decided, and a stack resource waiting for it goes on. */
    Uni<Void> deploymentSignalled(DeploymentSignalled signal) {
        return deployments.signalled(signal);
    }

    /** A wait condition handle was signalled: not handled yet (wait conditions are wired in separately). */
    Uni<Void> waitConditionSignalled(WaitConditionSignalled signal) {
        LOG.infof("wait condition signal for handle %s of stack %s not handled yet", signal.handleName(),
                signal.stackId());
        return Uni.createFrom().voidItem();
    }
}
