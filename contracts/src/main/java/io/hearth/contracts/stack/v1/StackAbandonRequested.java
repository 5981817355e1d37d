package io.hearth.contracts.stack.v1;

/**
 * A user abandoned a stack (Heat's {@code DELETE .../abandon}): template-service already answered with the
 * abandon data and forgot the stack; deployment-service forgets its runtime rows too, without deleting anything
 * real (no instance deleted, no deployment's DELETE run, no metadata tombstone).
 *
 * @param stackId   the stack's id
 * @param tenant    the owning tenant
 * @param stackName the stack's name
 */
public record StackAbandonRequested(String stackId, String tenant, String stackName) {
    public static final String TYPE = "io.hearth.stack.abandon-requested.v1";
}
