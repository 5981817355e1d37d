package io.hearth.gateway.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.contracts.signal.v1.WaitConditionSignalled;
import io.hearth.gateway.messaging.SignalPublisher;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Set;

/** Signals addressed to a stack's resources: WaitConditionHandle signals and scaling-policy alarm URLs. */
@ApplicationScoped
public class StackSignals {

    private static final Set<String> WAIT_STATUSES = Set.of("SUCCESS", "FAILURE");

    private final SignalPublisher publisher;

    public StackSignals(SignalPublisher publisher) {
        this.publisher = publisher;
    }

    /**
     * Publishes a WaitConditionHandle signal, Heat's {@code {"status", "reason", "data", "id"}}; 400 unless
     * the status is SUCCESS or FAILURE.
     */
    public Uni<WaitConditionSignalled> waitCondition(String stackId, String handleName, ObjectNode body) {
        String status = DeploymentSignals.text(body.get("status"));
        if (status == null || !WAIT_STATUSES.contains(status)) {
            throw ApiException.badRequest("InvalidSignal",
                    "status must be SUCCESS or FAILURE, got " + (status == null ? "none" : status));
        }
        WaitConditionSignalled event = new WaitConditionSignalled(stackId, handleName, DeploymentSignals.text(body.get("id")), status,
                DeploymentSignals.text(body.get("reason")), body.get("data"), Instant.now());
        return publisher.signal(stackId, event).replaceWith(event);
    }

    /**
     * Publishes a scaling request for an alarm URL. The URL names the group and the policy only, so the
     * event carries adjustment 0 and no adjustment type, meaning "the policy's own", and no tenant: the
     * consumer looks the policy up in the stack. The body, when not empty, goes along as the signal's details
     * (an alarm's {@code previous}, {@code current} and {@code reason}, which Heat writes in its event).
     */
    public Uni<ScalingRequested> scalingPolicy(String stackId, String groupName, String policyName, ObjectNode body) {
        ScalingRequested event = new ScalingRequested(stackId, null, groupName, policyName, 0, null,
                "alarm URL of " + policyName + " called", body == null || body.isEmpty() ? null : body);
        return publisher.scaling(stackId, event).replaceWith(event);
    }
}
