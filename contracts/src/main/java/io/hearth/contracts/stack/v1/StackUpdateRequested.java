package io.hearth.contracts.stack.v1;

import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;

/**
 * A user asked to change a stack; the plan is the complete new state (PATCH already merged).
 *
 * @param stackId   the stack's id
 * @param tenant    the owning tenant
 * @param stackName the stack's name
 * @param plan      the complete new plan
 * @param action    the stack's action while it converges: UPDATE, or RESTORE for a snapshot's restore (Heat's
 *                  {@code Stack.restore} is an update whose stack shows RESTORE_*); UPDATE when absent
 */
public record StackUpdateRequested(String stackId, String tenant, String stackName, StackPlan plan, Action action) {
    public static final String TYPE = "io.hearth.stack.update-requested.v1";

    public StackUpdateRequested {
        action = action == null ? Action.UPDATE : action;
        if (action != Action.UPDATE && action != Action.RESTORE) {
            throw new IllegalArgumentException("an update's action is UPDATE or RESTORE, not " + action);
        }
    }

    /** An ordinary update (action UPDATE). */
    public StackUpdateRequested(String stackId, String tenant, String stackName, StackPlan plan) {
        this(stackId, tenant, stackName, plan, Action.UPDATE);
    }
}
