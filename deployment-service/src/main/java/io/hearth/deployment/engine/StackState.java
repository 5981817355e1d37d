package io.hearth.deployment.engine;

import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.ResourceHook;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.hot.functions.EvaluationContext;
import io.hearth.hot.functions.EvaluationLimits;
import io.hearth.hot.functions.HotVersion;
import io.hearth.hot.functions.StackIdentity;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One step's view of a stack: its row, its plan and all its resource rows (current ones and those
 * waiting to be deleted). The engine changes the rows in place; they are managed entities, so the
 * changes commit with the step's transaction.
 */
public final class StackState {

    final StackRuntime stack;
    final StackPlan plan;
    final List<ResourceRuntime> rows;
    /** The current row of each name, kept with {@link #rows}: the scheduler asks for it often. */
    private final Map<String, ResourceRuntime> currentByName = new HashMap<>();
    /** Each planned resource by name. */
    private final Map<String, PlannedResource> plannedByName = new LinkedHashMap<>();
    /** Why this step failed the action though no row failed (an update {@code restricted_actions} forbids). */
    private String refusal;
    /** The breakpoints its resources reached ({@link Breakpoints}); loaded only for a plan that sets hooks. */
    private final List<ResourceHook> hooks;

    public StackState(StackRuntime stack, StackPlan plan, List<ResourceRuntime> rows) {
        this(stack, plan, rows, List.of());
    }

    /** A stack with the breakpoints its resources reached. */
    public StackState(StackRuntime stack, StackPlan plan, List<ResourceRuntime> rows, List<ResourceHook> hooks) {
        this.stack = stack;
        this.plan = plan;
        this.rows = new ArrayList<>(rows);
        this.hooks = new ArrayList<>(hooks);
        rows.stream().filter(row -> !row.replaced).forEach(row -> currentByName.put(row.name, row));
        plan.resources().forEach(resource -> plannedByName.putIfAbsent(resource.name(), resource));
    }

    /** The stack's row. */
    public StackRuntime stack() {
        return stack;
    }

    /** Every resource row of the stack, replaced ones included. */
    public List<ResourceRuntime> rows() {
        return List.copyOf(rows);
    }

    /** The breakpoints the stack's resources reached, in any traversal. */
    List<ResourceHook> hooks() {
        return hooks;
    }

    /** Where a resource reached that hook last, or null. */
    ResourceHook hook(String resource, String hook) {
        return hooks.stream().filter(h -> h.key.resource().equals(resource) && h.key.hook().equals(hook))
                .findFirst().orElse(null);
    }

    /** Keeps a hook the step reached. */
    void putHook(ResourceHook reached) {
        if (!hooks.contains(reached)) {
            hooks.add(reached);
        }
    }

    /** The resource row whose physical id that is (the current one, before a replaced one), or null. */
    ResourceRuntime byPhysicalId(String physicalId) {
        if (physicalId == null) {
            return null;
        }
        ResourceRuntime found = null;
        for (ResourceRuntime row : rows) {
            if (physicalId.equals(row.physicalId) && (found == null || found.replaced)) {
                found = row;
            }
        }
        return found;
    }

    /** The traversal under way. */
    long traversal() {
        return stack.traversal;
    }

    /** The row a resource name stands for now (not one that a replacement superseded), or null. */
    ResourceRuntime current(String name) {
        ResourceRuntime row = currentByName.get(name);
        if (row == null || !row.replaced) {
            return row;
        }
        // Marked replaced since: its replacement, if it is there yet, is the current row.
        currentByName.remove(name);
        for (ResourceRuntime other : rows) {
            if (!other.replaced && other.name.equals(name)) {
                currentByName.put(name, other);
                return other;
            }
        }
        return null;
    }

    /**
     * Heat's {@code _get_best_existing_rsrc_db}, as a new update or rollback begins: of the rows a name has (a
     * replacement and the row it replaced), the one the traversal brings in line is the most suitable: a failed row
     * is worth less than a replaced one (-30 against -1), one being deleted least (-50), the current row gains 5 (the
     * one the last action left), the most recently changed wins a tie. So the good original comes back when its
     * replacement failed (a rollback, or a manual one: an update to the template before), and the failed replacement
     * is left behind to be deleted.
     *
     * @return the rows made current again
     */
    List<ResourceRuntime> chooseCurrent() {
        Map<String, List<ResourceRuntime>> byName = new LinkedHashMap<>();
        rows.forEach(row -> byName.computeIfAbsent(row.name, name -> new ArrayList<>()).add(row));
        List<ResourceRuntime> restored = new ArrayList<>();
        byName.forEach((name, named) -> {
            if (named.size() < 2) {
                return;
            }
            ResourceRuntime best = named.stream().max(Comparator.comparingInt(StackState::suitability)
                    .thenComparing(row -> row.updatedAt != null ? row.updatedAt : row.createdAt,
                            Comparator.nullsFirst(Comparator.naturalOrder()))).orElseThrow();
            if (!best.replaced) {
                return;
            }
            named.forEach(row -> row.replaced = row != best);
            currentByName.put(name, best);
            restored.add(best);
        });
        return restored;
    }

    private static int suitability(ResourceRuntime row) {
        int score = 0;
        if (row.status == Status.FAILED) {
            score -= 30;
        }
        if (row.action == Action.DELETE) {
            score -= 50;
        }
        score += row.replaced ? -1 : 5;
        return score;
    }

    /**
     * Whether a row is in line with the current traversal: brought there in this traversal and not
     * busy or failed (a resource marked unhealthy, CHECK_FAILED, counts as in line).
     */
    boolean converged(ResourceRuntime row) {
        return row != null && row.traversal == traversal() && row.status != Status.IN_PROGRESS
                && !(row.status == Status.FAILED && row.action != Action.CHECK)
                && (hooks.isEmpty() || !Breakpoints.waits(this, row.name));
    }

    /** The first resource whose action failed in this traversal. */
    Optional<ResourceRuntime> failure() {
        return rows.stream().filter(row -> row.traversal == traversal() && row.status == Status.FAILED
                && row.action != Action.CHECK).findFirst();
    }

    /** The reason the action fails with though no resource failed, once a resource refused it. */
    Optional<String> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** Fails the current action with this stack status reason, leaving every resource as it is. */
    void refuse(String reason) {
        if (refusal == null) {
            refusal = reason;
        }
    }

    /** The names the plan's resources have. */
    Set<String> plannedNames() {
        return Collections.unmodifiableSet(plannedByName.keySet());
    }

    /** The planned resource of that name, or null. */
    PlannedResource planned(String name) {
        return plannedByName.get(name);
    }

    /** The names a row depended on when it was last created or updated. */
    static List<String> dependsOn(ResourceRuntime row) {
        return row.dependsOnNames();
    }

    /** The evaluation context for the plan, resolving references from the current rows, under those limits. */
    EvaluationContext evaluationContext(EvaluationLimits limits) {
        return evaluationContext(limits, Set.of());
    }

    /** The same, where the resources {@code live} names read as null while they have no row (live references). */
    EvaluationContext evaluationContext(EvaluationLimits limits, Collection<String> live) {
        return EvaluationContext.builder(HotVersion.ofPlan(plan.templateVersion()))
                .limits(limits)
                .parameters(plan.parameters())
                .stack(new StackIdentity(stack.name, stack.id.toString(), stack.tenant))
                .resourceNames(plannedNames())
                .resolver(new RowResolver(this::current, live))
                .build();
    }

    void add(ResourceRuntime row) {
        rows.add(row);
        if (!row.replaced) {
            currentByName.put(row.name, row);
        }
    }

    void remove(ResourceRuntime row) {
        rows.remove(row);
        if (currentByName.get(row.name) == row) {
            currentByName.remove(row.name);
            rows.stream().filter(other -> !other.replaced && other.name.equals(row.name)).findFirst()
                    .ifPresent(other -> currentByName.put(row.name, other));
        }
    }
}
