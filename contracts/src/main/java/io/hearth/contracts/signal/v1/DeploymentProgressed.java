package io.hearth.contracts.signal.v1;

import java.time.Instant;

/**
 * A running hook reported progress (a non-terminal signal: Heat's body with {@code "deploy_status": "IN_PROGRESS"}).
 * A type of its own rather than a field of {@link DeploymentSignalled}, so a consumer that does not know it ignores it
 * instead of taking it for the run's terminal signal.
 *
 * @param stackId      the stack's id, null for a deployment made through the API
 * @param deploymentId the deployment's id
 * @param serverId     the server that runs it, may be null
 * @param action       the action running
 * @param generation   the generation running
 * @param message      what the hook is doing ({@code deploy_status_reason}), may be null
 * @param progress     the percentage done, 0-100, or null when the hook gave none
 * @param receivedAt   when the gateway accepted it
 */
public record DeploymentProgressed(String stackId, String deploymentId, String serverId, String action,
        long generation, String message, Integer progress, Instant receivedAt) {
    public static final String TYPE = "io.hearth.signal.deployment-progressed.v1";
}
