package io.hearth.contracts.deployment.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A software deployment changed status.
 *
 * @param stackId      the stack's id
 * @param tenant       the owning tenant
 * @param deploymentId the deployment's id
 * @param resourceName the deployment's resource name in the stack, may be null
 * @param serverId     the server it runs on
 * @param configId     the software config it applies
 * @param action       the action being run
 * @param status       IN_PROGRESS, COMPLETE or FAILED
 * @param statusReason why
 * @param generation   which run of this deployment this is
 * @param outputValues outputs once COMPLETE or FAILED, else null
 * @param progress     the percentage the run's hook last reported while IN_PROGRESS (0-100), null when it
 *                     reported none; optional, added within v1 (absent from the JSON when null)
 */
public record DeploymentStatusChanged(String stackId, String tenant, String deploymentId, String resourceName,
        String serverId, String configId, String action, String status, String statusReason, long generation,
        Map<String, JsonNode> outputValues, @JsonInclude(JsonInclude.Include.NON_NULL) Integer progress) {
    public static final String TYPE = "io.hearth.deployment.status-changed.v1";

    /** A status change without progress (what every producer made before {@code progress} was added). */
    public DeploymentStatusChanged(String stackId, String tenant, String deploymentId, String resourceName,
            String serverId, String configId, String action, String status, String statusReason, long generation,
            Map<String, JsonNode> outputValues) {
        this(stackId, tenant, deploymentId, resourceName, serverId, configId, action, status, statusReason,
                generation, outputValues, null);
    }
}
