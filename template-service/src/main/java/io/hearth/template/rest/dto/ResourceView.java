package io.hearth.template.rest.dto;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * A resource as Heat shows it in resource-list and (with {@code description} and
 * {@code attributes}) resource-show or resource-list {@code with_detail}; a nested stack's resource names the
 * parent's resource that owns its stack ({@code parent_resource}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ResourceView(String resourceName, String logicalResourceId, String physicalResourceId,
        String resourceType, String resourceStatus, String resourceStatusReason, String creationTime,
        String updatedTime, List<String> requiredBy, List<Link> links,
        @JsonInclude(JsonInclude.Include.NON_NULL) String description,
        @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, JsonNode> attributes,
        @JsonInclude(JsonInclude.Include.NON_NULL) String parentResource) {
}
