package io.hearth.template.rest.dto;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * Heat's template-validate body.
 *
 * @param template    the template: a JSON object, or YAML/JSON text
 * @param templateUrl not supported: Hearth fetches nothing from URLs
 * @param parameters  parameter values by name (shown as each parameter's {@code Value})
 * @param environment the environment: an object, or YAML/JSON text
 * @param files       files the template's get_file may read, by name
 * @param environmentFiles names in {@code files} of environments merged in order over the parameters
 *                         (the {@code environment} is then ignored, as Heat does)
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record ValidateTemplateRequest(JsonNode template, String templateUrl, Map<String, JsonNode> parameters,
        JsonNode environment, Map<String, String> files, List<String> environmentFiles) {
}
