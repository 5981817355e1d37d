package io.hearth.template.rest.dto;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/** A stack as Heat shows it in stack-show and (without parameters and outputs) stack-list. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record StackView(String id, String stackName, String description, String templateDescription,
        String creationTime, String updatedTime, String deletionTime, String stackStatus, String stackStatusReason,
        @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, JsonNode> parameters,
        @JsonInclude(JsonInclude.Include.NON_NULL) List<Output> outputs, List<Link> links,
        Integer timeoutMins, boolean disableRollback, List<String> capabilities, List<String> notificationTopics,
        String stackOwner, String parent, List<String> tags, String project, String stackUserProjectId) {

    /** One output in Heat's list form. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Output(String outputKey, JsonNode outputValue, String description) {
    }
}
