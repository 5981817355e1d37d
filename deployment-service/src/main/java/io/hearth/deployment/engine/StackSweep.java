package io.hearth.deployment.engine;

import static io.hearth.contracts.stack.Status.COMPLETE;
import static io.hearth.contracts.stack.Status.FAILED;
import static io.hearth.contracts.stack.Status.IN_PROGRESS;

import io.hearth.contracts.stack.Action;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.handlers.ResourceHandlers;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Heat's stack actions that take every resource through one action of its own without changing the template
 * ({@code Stack.stack_task}): SUSPEND, dependents first ({@code reverse=True}), RESUME and CHECK, dependencies first.
 * A resource is visited once per traversal: it takes the action (its handler's {@code handle_suspend},
 * {@code handle_resume}, {@code handle_check}) when every resource it must follow was visited, and a resource busy
 * with an earlier action is visited once that ended. Heat's rules for which states a resource may be suspended or
 * resumed from hold ({@code Resource.suspend}, {@code Resource.resume}): a resource in another state fails the
 * action without changing. A failed SUSPEND or RESUME ends the stack's action at once; a CHECK visits every
 * resource and then fails with all the failures ({@code aggregate_exceptions}).
 */
@ApplicationScoped
class StackSweep {

    /** The stack actions this class runs. */
    static final Set<Action> ACTIONS = EnumSet.of(Action.SUSPEND, Action.RESUME, Action.CHECK);

    private final ResourceHandlers handlers;
    private final ResourceStarter starter;
    private final StackEvents events;

    StackSweep(ResourceHandlers handlers, ResourceStarter starter, StackEvents events) {
        this.handlers = handlers;
        this.starter = starter;
        this.events = events;
    }

    /** The rows to visit now: not visited in this traversal, not busy, and every row they follow visited. */
    List<ResourceRuntime> ready(StackState state) {
        List<ResourceRuntime> current = current(state);
        Action action = state.stack.action;
        return current.stream().filter(row -> !visited(state, row) && row.status != IN_PROGRESS)
                .filter(row -> action == Action.SUSPEND
                        // dependents first: every row that depends on it was suspended
                        ? current.stream().filter(other -> StackState.dependsOn(other).contains(row.name))
                                .allMatch(other -> visited(state, other))
                        // dependencies first
                        : StackState.dependsOn(row).stream().map(state::current).filter(Objects::nonNull)
                                .allMatch(other -> visited(state, other)))
                .toList();
    }

    /** Whether every row was visited. */
    boolean done(StackState state) {
        return current(state).stream().allMatch(row -> visited(state, row));
    }

    /** The reasons of the rows whose action failed in this traversal, in row order. */
    List<String> failures(StackState state) {
        return current(state).stream().filter(row -> visited(state, row) && row.status == FAILED)
                .map(row -> row.statusReason).toList();
    }

    /**
     * Starts a resource's part of the stack's action; one whose state does not allow it refuses the action (Heat's
     * {@code State ('CREATE', 'FAILED') invalid for suspend}) and stays as it is.
     */
    Uni<Void> visit(StackState state, ResourceRuntime row) {
        Action action = state.stack.action;
        if (!allowed(action, row)) {
            state.refuse("Resource " + action + " failed: Error: resources." + row.name + ": State ('" + row.action
                    + "', '" + row.status + "') invalid for " + action.name().toLowerCase());
            return Uni.createFrom().voidItem();
        }
        ResourceHandler handler = handlers.forRow(row);
        ResourceCall call = ResourceCall.of(state.stack, row);
        if (action == Action.CHECK && !handler.checks()) {
            row.action = Action.CHECK;
            row.status = COMPLETE;
            row.statusReason = "CHECK not supported for " + row.type;
            row.traversal = state.traversal();
            row.updatedAt = Instant.now();
            return events.resourceStatus(state.stack, row);
        }
        return starter.act(state, row, action, () -> switch (action) {
            case SUSPEND -> handler.handleSuspend(call);
            case RESUME -> handler.handleResume(call);
            default -> handler.handleCheck(call);
        });
    }

    /**
     * Heat's {@code Resource.suspend} and {@code Resource.resume} state rules: suspend from any COMPLETE state but a
     * delete's, or after a failed suspend; resume from SUSPEND_COMPLETE, RESUME_COMPLETE or RESUME_FAILED.
     */
    private static boolean allowed(Action action, ResourceRuntime row) {
        return switch (action) {
            case SUSPEND -> row.action != Action.DELETE && (row.action == Action.SUSPEND || row.status == COMPLETE);
            case RESUME -> row.is(Action.SUSPEND, COMPLETE) || row.action == Action.RESUME && row.status != IN_PROGRESS;
            default -> true;
        };
    }

    /** Whether a row took the stack's action in this traversal, and that ended. */
    private static boolean visited(StackState state, ResourceRuntime row) {
        return row.traversal == state.traversal() && row.action == state.stack.action && row.status != IN_PROGRESS;
    }

    /** The rows the action visits: the current ones (not replaced ones waiting for their deletion). */
    private static List<ResourceRuntime> current(StackState state) {
        return state.rows.stream().filter(row -> !row.replaced).toList();
    }
}
