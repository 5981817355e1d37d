package io.hearth.gateway.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.contracts.signal.v1.WaitConditionSignalled;
import io.hearth.gateway.messaging.SignalPublisher;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Signals addressed to a stack's resources: WaitConditionHandle signals and scaling-policy alarm URLs, keyed by
 * {@code key}: the stack's tree (see {@link io.hearth.gateway.rest.GatewayRouter#METADATA_IN_TREE}).
 */
@ApplicationScoped
public class StackSignals {

    private static final Set<String> WAIT_STATUSES = Set.of("SUCCESS", "FAILURE");
    private static final Set<String> WAIT_KEYS = Set.of("status", "reason", "data", "id");

    private final SignalPublisher publisher;

    public StackSignals(SignalPublisher publisher) {
        this.publisher = publisher;
    }

    /**
     * Publishes a WaitConditionHandle signal, Heat's {@code {"status", "reason", "data", "id"}}: a status left out
     * is SUCCESS, as Heat's {@code normalise_signal_data} has it (so {@code curl_cli} alone, or with {@code {}},
     * signals success; deployment-service numbers a signal without id and gives it Heat's reason). 400 for another
     * status or another key, which Heat refuses ({@code Metadata format invalid}).
     */
    public Uni<WaitConditionSignalled> waitCondition(String key, String stackId, String handleName, ObjectNode body) {
        List<String> unknown = new ArrayList<>();
        body.fieldNames().forEachRemaining(field -> {
            if (!WAIT_KEYS.contains(field)) {
                unknown.add(field);
            }
        });
        if (!unknown.isEmpty()) {
            throw ApiException.badRequest("InvalidSignal", "Metadata format invalid: a wait condition signal has "
                    + "only data, id, reason and status, not " + String.join(", ", unknown));
        }
        String status = DeploymentSignals.text(body.get("status"));
        if (status == null) {
            status = "SUCCESS";
        } else if (!WAIT_STATUSES.contains(status)) {
            throw ApiException.badRequest("InvalidSignal",
                    "Metadata format invalid: status must be SUCCESS or FAILURE, got " + status);
        }
        WaitConditionSignalled event = new WaitConditionSignalled(stackId, handleName, DeploymentSignals.text(body.get("id")), status,
                DeploymentSignals.text(body.get("reason")), body.get("data"), Instant.now());
        return publisher.signal(key, stackId, event).replaceWith(event);
    }

    /**
     * Publishes a scaling request for an alarm URL. The URL names the group and the policy only, so the
     * event carries adjustment 0 and no adjustment type, meaning "the policy's own", and no tenant: the
     * consumer looks the policy up in the stack. The body, when not empty, goes along as the signal's details
     * (an alarm's {@code previous}, {@code current} and {@code reason}, which Heat writes in its event).
     */
    public Uni<ScalingRequested> scalingPolicy(String key, String stackId, String groupName, String policyName,
            ObjectNode body) {
        ScalingRequested event = new ScalingRequested(stackId, null, groupName, policyName, 0, null,
                "alarm URL of " + policyName + " called", body == null || body.isEmpty() ? null : body);
        return publisher.scaling(key, stackId, event).replaceWith(event);
    }
}
