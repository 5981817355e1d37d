package io.hearth.deployment.software;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The fields of a deployment update (Heat's PUT); null means unchanged.
 *
 * @param configId     a new config
 * @param inputValues  new input values (a JSON object)
 * @param outputValues output values (a JSON object), as an agent reports them
 * @param action       an action to run
 * @param status       IN_PROGRESS, COMPLETE or FAILED
 * @param statusReason why
 */
public record DeploymentChange(String configId, JsonNode inputValues, JsonNode outputValues, String action,
        String status, String statusReason) {
}
