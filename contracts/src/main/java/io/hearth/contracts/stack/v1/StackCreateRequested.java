package io.hearth.contracts.stack.v1;

import io.hearth.contracts.plan.StackPlan;

/**
 * A user asked for a new stack; template-service validated and planned it.
 *
 * @param stackId   the new stack's id
 * @param tenant    the owning tenant
 * @param stackName the stack's name, unique per tenant
 * @param plan      what to create
 */
public record StackCreateRequested(String stackId, String tenant, String stackName, StackPlan plan) {
    public static final String TYPE = "io.hearth.stack.create-requested.v1";
}
