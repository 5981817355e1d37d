package io.hearth.deployment.engine;

import static io.hearth.contracts.stack.Status.FAILED;
import static io.hearth.contracts.stack.Status.IN_PROGRESS;

import io.hearth.contracts.plan.StackPlan;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.handlers.ResourceHandlers;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * Heat's stack timeout: an action that is not done {@code timeout_mins} after it started fails with
 * {@code Timed out}, and every resource still in progress fails as Heat's task runner leaves it when
 * the timeout is thrown into it: {@code CREATE aborted (Task create from Server "web" [id] Stack "s"
 * [id] Timed out)}. Waiting resources wake no later than the deadline, so the durable timer sees it
 * pass.
 */
final class StackTimeouts {

    /** The stack's status reason (Heat's {@code _handle_stack_timeout}). */
    static final String REASON = "Timed out";

    private StackTimeouts() {
    }

    /** When an action starting at {@code start} times out: the plan's minutes, or the default. */
    static Instant deadline(StackPlan plan, Instant start, Duration defaultTimeout) {
        Integer minutes = plan.timeoutMins();
        return start.plus(minutes != null && minutes > 0 ? Duration.ofMinutes(minutes) : defaultTimeout);
    }

    /** Whether the stack's action is under way and its deadline has passed. */
    static boolean expired(StackRuntime stack, Instant now) {
        return stack.status == IN_PROGRESS && stack.timeoutAt != null && !now.isBefore(stack.timeoutAt);
    }

    /** Fails every resource still in progress with Heat's aborted-task reason. */
    static Uni<Void> abort(StackState state, ResourceHandlers handlers, StackEvents events) {
        List<ResourceRuntime> busy = state.rows.stream().filter(row -> row.status == IN_PROGRESS).toList();
        return StackEngine.each(busy, row -> {
            row.status = FAILED;
            row.statusReason = reason(state.stack, row, handlers.forRow(row).heatClassName(row.type));
            row.wakeAt = null;
            row.updatedAt = Instant.now();
            state.stack.updatedAt = row.updatedAt;
            return events.resourceStatus(state.stack, row);
        });
    }

    /**
     * {@code <ACTION> aborted (Task <action> from <Class> "<name>" [<physical id>] Stack "<stack>" [<id>]
     * Timed out)}; without a physical id Heat leaves the brackets out.
     */
    static String reason(StackRuntime stack, ResourceRuntime row, String heatClass) {
        String resource = heatClass + " \"" + row.name + "\""
                + (row.physicalId != null ? " [" + row.physicalId + "]" : "");
        return row.action + " aborted (Task " + row.action.name().toLowerCase(Locale.ROOT) + " from " + resource
                + " Stack \"" + stack.name + "\" [" + stack.id + "] Timed out)";
    }
}
