package io.hearth.deployment.engine;

import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.ResourceRuntime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Decides what may start now, from the rows and the plan alone (no I/O): the dependency graph of
 * Heat's convergence engine, walked one step at a time.
 */
final class Scheduler {

    private Scheduler() {
    }

    /**
     * Planned resources to create or update now: not yet in line with the traversal, not busy, and every
     * resource they depend on in line. In plan order, which is a valid dependency order.
     */
    static List<PlannedResource> readyToConverge(StackState state) {
        List<PlannedResource> ready = new ArrayList<>();
        for (PlannedResource resource : state.plan.resources()) {
            ResourceRuntime row = state.current(resource.name());
            if (row != null && (row.traversal == state.traversal() || row.status == Status.IN_PROGRESS)
                    || Breakpoints.waits(state, resource.name())) {
                continue;
            }
            if (dependenciesDone(state, resource)) {
                ready.add(resource);
            }
        }
        return ready;
    }

    /**
     * Rows the traversal has reached (every resource they depend on in line) that are still busy with an earlier
     * traversal's create or update: Heat's new traversal finding a resource locked, which it preempts.
     */
    static List<ResourceRuntime> preemptable(StackState state) {
        List<ResourceRuntime> busy = new ArrayList<>();
        for (PlannedResource resource : state.plan.resources()) {
            ResourceRuntime row = state.current(resource.name());
            if (row != null && row.status == Status.IN_PROGRESS && row.traversal != state.traversal()
                    && (row.action == Action.CREATE || row.action == Action.UPDATE)
                    && dependenciesDone(state, resource)) {
                busy.add(row);
            }
        }
        return busy;
    }

    private static boolean dependenciesDone(StackState state, PlannedResource resource) {
        return resource.dependsOn().stream().allMatch(name -> state.converged(state.current(name)));
    }

    /** Whether every planned resource is in line with the traversal. */
    static boolean allConverged(StackState state) {
        return state.plan.resources().stream().allMatch(r -> state.converged(state.current(r.name())));
    }

    /** Rows an update leaves behind: replaced ones and those of resources no longer in the plan. */
    static List<ResourceRuntime> leftBehind(StackState state) {
        Set<String> planned = state.plannedNames();
        return state.rows.stream().filter(row -> row.replaced || !planned.contains(row.name)).toList();
    }

    /** Rows to delete now among {@code candidates}: those no other candidate still depends on, dependents first. */
    static List<ResourceRuntime> readyToDelete(List<ResourceRuntime> candidates) {
        List<ResourceRuntime> ready = new ArrayList<>();
        for (ResourceRuntime row : candidates) {
            if (row.action == Action.DELETE && row.status == Status.IN_PROGRESS) {
                continue; // being deleted
            }
            boolean needed = candidates.stream().anyMatch(other -> other != row
                    && !other.name.equals(row.name) && StackState.dependsOn(other).contains(row.name));
            if (!needed) {
                ready.add(row);
            }
        }
        return ready;
    }
}
