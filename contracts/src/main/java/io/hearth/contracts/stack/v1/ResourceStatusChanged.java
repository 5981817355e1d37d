package io.hearth.contracts.stack.v1;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A resource of a stack entered a new action/status pair.
 *
 * @param stackId            the stack's id
 * @param tenant             the owning tenant
 * @param resourceName       the resource's name in the template
 * @param physicalResourceId the id of what was created, may be null
 * @param resourceType       the resource's type
 * @param action             CREATE, UPDATE, DELETE, ...
 * @param status             IN_PROGRESS, COMPLETE or FAILED
 * @param statusReason       why
 * @param attributes         attribute values known so far, may be null
 */
public record ResourceStatusChanged(String stackId, String tenant, String resourceName,
        String physicalResourceId, String resourceType, String action, String status, String statusReason,
        Map<String, JsonNode> attributes) {
    public static final String TYPE = "io.hearth.stack.resource-status-changed.v1";
}
