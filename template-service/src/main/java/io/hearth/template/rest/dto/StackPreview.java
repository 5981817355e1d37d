package io.hearth.template.rest.dto;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * A stack as Heat's stack preview shows it: stack show's fields without a status, the parameters
 * as text (hidden ones masked), and every resource the plan would create.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record StackPreview(String id, List<Link> links, String stackName, String description,
        String templateDescription, String creationTime, String updatedTime, String deletionTime,
        Map<String, String> parameters, List<StackView.Output> outputs, List<ResourcePreview> resources,
        Integer timeoutMins, boolean disableRollback, List<String> capabilities, List<String> notificationTopics,
        String stackOwner, String parent, String stackUserProjectId, List<String> tags) {
}
