package io.hearth.contracts.plan;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A stack output, resolved by deployment-service when the stack completes.
 *
 * @param description the output's description, may be null
 * @param value       the value; may hold expression nodes
 */
public record PlannedOutput(String description, JsonNode value) {
}
