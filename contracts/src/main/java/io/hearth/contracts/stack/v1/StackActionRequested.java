package io.hearth.contracts.stack.v1;

/**
 * A user asked for a stack action (SUSPEND, RESUME, CHECK) or a named ad-hoc action.
 *
 * @param stackId   the stack's id
 * @param tenant    the owning tenant
 * @param stackName the stack's name
 * @param action    the action's name, upper case
 */
public record StackActionRequested(String stackId, String tenant, String stackName, String action) {
    public static final String TYPE = "io.hearth.stack.action-requested.v1";
}
