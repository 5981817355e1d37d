package io.hearth.contracts.stack.v1;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A user asked for a stack action (SUSPEND, RESUME, CHECK), a named ad-hoc action, or a
 * resource-scoped one ({@code MARK_UNHEALTHY}, {@code MARK_HEALTHY}: Heat's PATCH of a resource;
 * {@code SIGNAL}: Heat's resource signal through the API, {@code POST .../resources/{name}/signal}).
 *
 * @param stackId      the stack's id
 * @param tenant       the owning tenant
 * @param stackName    the stack's name
 * @param action       the action's name, upper case
 * @param resourceName the resource a resource-scoped action is for, else null
 * @param reason       the user's reason (Heat's {@code resource_status_reason}), may be null
 * @param details      a {@code SIGNAL}'s body as the user sent it (Heat's {@code details}), else null (a JSON
 *                     {@code null} too: it is read as Java null, not as a {@code NullNode})
 */
public record StackActionRequested(String stackId, String tenant, String stackName, String action,
        String resourceName, String reason, JsonNode details) {
    public static final String TYPE = "io.hearth.stack.action-requested.v1";

    /** Marks a resource unhealthy (CHECK_FAILED) or healthy again. */
    public static final String MARK_UNHEALTHY = "MARK_UNHEALTHY";
    public static final String MARK_HEALTHY = "MARK_HEALTHY";

    /** Signals a resource (Heat's {@code resource_signal}) with {@link #details}. */
    public static final String SIGNAL = "SIGNAL";

    public StackActionRequested {
        details = details == null || details.isNull() ? null : details;
    }

    /** A resource-scoped action without details. */
    public StackActionRequested(String stackId, String tenant, String stackName, String action, String resourceName,
            String reason) {
        this(stackId, tenant, stackName, action, resourceName, reason, null);
    }

    /** A stack-wide action. */
    public StackActionRequested(String stackId, String tenant, String stackName, String action) {
        this(stackId, tenant, stackName, action, null, null, null);
    }
}
