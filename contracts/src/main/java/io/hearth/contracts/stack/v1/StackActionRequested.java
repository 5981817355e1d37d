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

    /** Heat's stack actions ({@code POST .../actions}): suspend, resume and check the whole stack. */
    public static final String SUSPEND = "SUSPEND";
    public static final String RESUME = "RESUME";
    public static final String CHECK = "CHECK";

    /** Heat's {@code cancel_update}: stops the update under way and rolls back to the stack before it. */
    public static final String CANCEL_UPDATE = "CANCEL_UPDATE";

    /** Heat's {@code cancel_without_rollback}: stops the create or update under way; the stack fails as it is. */
    public static final String CANCEL_WITHOUT_ROLLBACK = "CANCEL_WITHOUT_ROLLBACK";

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
