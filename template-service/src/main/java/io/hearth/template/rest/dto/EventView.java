package io.hearth.template.rest.dto;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * One event as Heat lists it; event-show adds {@code resource_type} and
 * {@code resource_properties}.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record EventView(String id, String resourceName, String logicalResourceId, String physicalResourceId,
        String resourceStatus, String resourceStatusReason, String eventTime, List<Link> links,
        @JsonInclude(JsonInclude.Include.NON_NULL) String resourceType,
        @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode resourceProperties) {
}
