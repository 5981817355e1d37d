package io.hearth.template.rest.dto;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.plan.DeploymentRerun;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;
import java.util.Map;

/**
 * A resource as Heat's stack preview and update preview show it (Heat's
 * {@code format_stack_resource}): not created yet, so INIT_COMPLETE with no physical id.
 *
 * @param properties every property with its value (stack preview only; update preview leaves it out)
 * @param parentResource for a resource of a nested stack ({@code show_nested}), the resource that owns its stack;
 *                       absent otherwise
 * @param hearthDeployment for a software deployment in an update preview, whether and why it would run again (a
 *                         Hearth extension, {@link DeploymentRerun}); absent otherwise
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonInclude(JsonInclude.Include.ALWAYS)
public record ResourcePreview(String resourceName, String resourceType, String physicalResourceId,
        String resourceAction, String resourceStatus, String resourceStatusReason, Identity resourceIdentity,
        Identity stackIdentity, String stackName, List<String> requiredBy, String description, JsonNode metadata,
        Map<String, JsonNode> attributes, @JsonInclude(JsonInclude.Include.NON_NULL) Map<String, JsonNode> properties,
        String creationTime, String updatedTime, @JsonInclude(JsonInclude.Include.NON_NULL) String parentResource,
        @JsonInclude(JsonInclude.Include.NON_NULL) DeploymentRerun hearthDeployment) {

    /** Heat's identifier of a stack or resource. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Identity(String tenant, String stackName, String stackId, String path) {
    }
}
