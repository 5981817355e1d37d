package io.hearth.contracts.deployment.v1;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * An input of a deployment item, as Heat writes it.
 *
 * @param name        the input's name
 * @param type        String, Number, CommaDelimitedList, Json or Boolean
 * @param value       the resolved value
 * @param description Heat's description, may be null
 */
public record DeploymentInput(String name, String type, JsonNode value, String description) {
}
