package io.hearth.contracts.signal.v1;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.Map;

/**
 * An agent reported that a deployment's hook finished (Heat's signal body).
 *
 * @param stackId          the stack's id
 * @param deploymentId     the deployment's id
 * @param serverId         the server that ran it, may be null
 * @param action           the action that ran
 * @param generation       the generation that ran
 * @param deployStdout     the hook's stdout (capped)
 * @param deployStderr     the hook's stderr (capped)
 * @param deployStatusCode the hook's exit status; null when the signal did not carry one
 * @param outputs          output values by name
 * @param receivedAt       when the gateway accepted the signal
 */
public record DeploymentSignalled(String stackId, String deploymentId, String serverId, String action,
        long generation, String deployStdout, String deployStderr, Integer deployStatusCode,
        Map<String, JsonNode> outputs, Instant receivedAt) {
    public static final String TYPE = "io.hearth.signal.deployment-signalled.v1";
}
