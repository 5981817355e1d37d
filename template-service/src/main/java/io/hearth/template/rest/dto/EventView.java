package io.hearth.template.rest.dto;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/** One event as Heat lists it. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
public record EventView(String id, String resourceName, String logicalResourceId, String physicalResourceId,
        String resourceStatus, String resourceStatusReason, String eventTime, List<Link> links) {
}
