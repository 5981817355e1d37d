package io.hearth.contracts.stack.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A resource of a stack entered a new action/status pair. Action and status are the names of
 * {@link io.hearth.contracts.stack.Action} and {@link io.hearth.contracts.stack.Status} (or {@link #SIGNAL}), kept
 * as text so that a reader never fails on one it does not know.
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
 * @param eventOnly          true for an event of the resource's history that leaves its state as it was
 *                           (Heat's {@code _add_event}: an update refused by {@code restricted_actions} is
 *                           {@code UPDATE_FAILED} in the events while the resource stays as it was); absent
 *                           (null) otherwise
 */
public record ResourceStatusChanged(String stackId, String tenant, String resourceName,
        String physicalResourceId, String resourceType, String action, String status, String statusReason,
        Map<String, JsonNode> attributes, @JsonInclude(JsonInclude.Include.NON_NULL) Boolean eventOnly) {
    public static final String TYPE = "io.hearth.stack.resource-status-changed.v1";

    /**
     * The action of a resource signal's event (Heat's {@code _add_event('SIGNAL', ...)}): an event of the
     * resource's history only, no {@link io.hearth.contracts.stack.Action} of its state.
     */
    public static final String SIGNAL = "SIGNAL";

    /** A change of the resource's state. */
    public ResourceStatusChanged(String stackId, String tenant, String resourceName, String physicalResourceId,
            String resourceType, String action, String status, String statusReason,
            Map<String, JsonNode> attributes) {
        this(stackId, tenant, resourceName, physicalResourceId, resourceType, action, status, statusReason,
                attributes, null);
    }

    /** Whether the event leaves the resource's state as it was. */
    public boolean onlyAnEvent() {
        return Boolean.TRUE.equals(eventOnly);
    }
}
