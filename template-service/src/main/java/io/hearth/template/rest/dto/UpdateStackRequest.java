package io.hearth.template.rest.dto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * Heat's stack-update body (PUT replaces, PATCH keeps what is not given).
 *
 * @param template        the new template: a JSON object, or YAML/JSON text; PATCH may leave it out
 *                        to keep the stack's
 * @param templateUrl     not supported: Hearth fetches nothing from URLs
 * @param parameters      parameter values by name
 * @param environment     the environment: an object, or YAML/JSON text
 * @param files           files the template's get_file may read, by name
 * @param timeoutMins     the stack's new timeout; absent or 0 keeps the current one
 * @param disableRollback Heat's flag; absent keeps the current one
 * @param existing        Heat's {@code existing}: PATCH semantics for a PUT (PATCH sets it itself)
 * @param clearParameters with {@code existing}: parameters whose stored values are forgotten
 * @param environmentFiles names in {@code files} of environments merged in order over the parameters
 *                         (the {@code environment} is then ignored, as Heat does)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record UpdateStackRequest(JsonNode template, String templateUrl, Map<String, JsonNode> parameters,
        JsonNode environment, Map<String, String> files, Integer timeoutMins, Boolean disableRollback,
        Boolean existing, List<String> clearParameters, List<String> environmentFiles) {
}
