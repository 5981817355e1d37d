package io.hearth.contracts.deployment.v1;

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
 */
public record DeploymentStatusChanged(String stackId, String tenant, String deploymentId, String resourceName,
        String serverId, String configId, String action, String status, String statusReason, long generation,
        Map<String, JsonNode> outputValues) {
    public static final String TYPE = "io.hearth.deployment.status-changed.v1";
}
