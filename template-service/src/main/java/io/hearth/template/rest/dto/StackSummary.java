package io.hearth.template.rest.dto;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/** A stack as Heat's stack-list shows it ({@code stacks_view.basic_keys}). */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record StackSummary(String id, List<Link> links, String stackName, String description, String stackStatus,
        String stackStatusReason, String creationTime, String deletionTime, String updatedTime, String stackOwner,
        String parent, String stackUserProjectId, List<String> tags) {
}
