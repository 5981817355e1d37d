package io.hearth.contracts.stack.v1;

/**
 * A user asked to delete a stack.
 *
 * @param stackId   the stack's id
 * @param tenant    the owning tenant
 * @param stackName the stack's name
 */
public record StackDeleteRequested(String stackId, String tenant, String stackName) {
    public static final String TYPE = "io.hearth.stack.delete-requested.v1";
}
