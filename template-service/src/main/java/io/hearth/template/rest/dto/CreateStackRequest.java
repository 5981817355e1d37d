package io.hearth.template.rest.dto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * Heat's stack-create body.
 *
 * @param stackName       the stack's name
 * @param template        the template: a JSON object, or YAML/JSON text
 * @param templateUrl     not supported: Hearth fetches nothing from URLs
 * @param parameters      parameter values by name
 * @param environment     the environment: an object, or YAML/JSON text
 * @param files           files the template's get_file may read, by name
 * @param timeoutMins     the stack's timeout
 * @param disableRollback Heat's flag; Hearth does not roll back yet, so only stored
 * @param environmentFiles names in {@code files} of environments merged in order over the parameters
 *                         (the {@code environment} is then ignored, as Heat does)
 * @param adoptStackData  Heat's abandon data to adopt (a JSON string, as heatclient sends it, or an object); the
 *                        stack is then adopted, not created (docs/api.md, "Abandon and adopt")
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record CreateStackRequest(String stackName, JsonNode template, String templateUrl,
        Map<String, JsonNode> parameters, JsonNode environment, Map<String, String> files, Integer timeoutMins,
        Boolean disableRollback, List<String> environmentFiles, JsonNode adoptStackData) {
}
