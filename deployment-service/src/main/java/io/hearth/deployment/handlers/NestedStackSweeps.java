package io.hearth.deployment.handlers;

import io.hearth.deployment.engine.NestedStacks;
import io.smallrye.mutiny.Uni;

/**
 * A resource whose work is a nested stack (a template resource, a group): suspend, resume and check are the same
 * action of its nested stack ({@link NestedStacks#sweep}), as Heat's {@code StackResource} does them.
 */
interface NestedStackSweeps extends ResourceHandler {

    /** The nested stacks' use cases. */
    NestedStacks nestedStacks();

    /**
     * Heat's {@code StackResource.handle_preempt}: the nested stack's create or update still in progress is cancelled
     * without rollback, and the resource fails with it.
     */
    @Override
    default Uni<Outcome> preempt(ResourceCall call) {
        return nestedStacks().preempt(call, (NestedStacks.Owner) this);
    }

    /** Its nested stack is suspended. */
    @Override
    default Uni<Outcome> handleSuspend(ResourceCall call) {
        return nestedStacks().sweep(call);
    }

    /** Its nested stack is resumed. */
    @Override
    default Uni<Outcome> handleResume(ResourceCall call) {
        return nestedStacks().sweep(call);
    }

    /** Checked as its nested stack's resources are (Heat: a nested stack supports check when its resources do). */
    @Override
    default boolean checks() {
        return true;
    }

    /** Its nested stack is checked. */
    @Override
    default Uni<Outcome> handleCheck(ResourceCall call) {
        return nestedStacks().sweep(call);
    }
}
