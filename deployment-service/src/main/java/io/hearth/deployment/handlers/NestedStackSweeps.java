package io.hearth.deployment.handlers;

import io.hearth.deployment.spi.NestedStackService;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.smallrye.mutiny.Uni;

/**
 * A resource whose work is a nested stack (a template resource, a group): suspend, resume and check are the same
 * action of its nested stack ({@link NestedStackService#sweep}), as Heat's {@code StackResource} does them; a new traversal
 * preempts its nested stack's create or update ({@link NestedStackService#preempt}), and a failed one is updated in place.
 */
interface NestedStackSweeps extends ResourceHandler, NestedStackService.Owner {

    /** The nested stacks' use cases. */
    NestedStackService nestedStacks();

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

    /** Its nested stack's create or update of an earlier traversal is cancelled (Heat's {@code handle_preempt}). */
    @Override
    default Uni<Outcome> preempt(ResourceCall call) {
        return nestedStacks().preempt(call, this);
    }

    /**
     * Heat's {@code StackResource._needs_update}: a failed resource with a nested stack is updated in place (its
     * nested stack's resources decide what is replaced); one without a nested stack gets one.
     */
    @Override
    default boolean replacesFailed() {
        return false;
    }
}
