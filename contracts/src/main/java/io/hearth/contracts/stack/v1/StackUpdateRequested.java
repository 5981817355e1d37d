package io.hearth.contracts.stack.v1;

import io.hearth.contracts.plan.StackPlan;

/**
 * A user asked to change a stack; the plan is the complete new state (PATCH already merged).
 *
 * @param stackId   the stack's id
 * @param tenant    the owning tenant
 * @param stackName the stack's name
 * @param plan      the complete new plan
 */
public record StackUpdateRequested(String stackId, String tenant, String stackName, StackPlan plan) {
    public static final String TYPE = "io.hearth.stack.update-requested.v1";
}
