package io.hearth.deployment.engine;

import com.fasterxml.jackson.core.type.TypeReference;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.expr.EvaluationContext;
import io.hearth.contracts.expr.HotVersion;
import io.hearth.contracts.expr.StackIdentity;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.LockModeType;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * One step's view of a stack: its row, its plan and all its resource rows (current ones and those
 * waiting to be deleted). The engine changes the rows in place; they are managed entities, so the
 * changes commit with the step's transaction.
 */
public final class StackState {

    public static final String IN_PROGRESS = "IN_PROGRESS";
    public static final String COMPLETE = "COMPLETE";
    public static final String FAILED = "FAILED";

    private static final TypeReference<List<String>> NAMES = new TypeReference<>() {
    };

    final StackRuntime stack;
    final StackPlan plan;
    final List<ResourceRuntime> rows;

    public StackState(StackRuntime stack, StackPlan plan, List<ResourceRuntime> rows) {
        this.stack = stack;
        this.plan = plan;
        this.rows = new ArrayList<>(rows);
    }

    /** The stack's row. */
    public StackRuntime stack() {
        return stack;
    }

    /** Every resource row of the stack, replaced ones included. */
    public List<ResourceRuntime> rows() {
        return List.copyOf(rows);
    }

    /** A stack with its row locked ({@code FOR UPDATE}) and all its resource rows; null when there is none. */
    public static Uni<StackState> load(UUID id) {
        return StackRuntime.<StackRuntime>findById(id, LockModeType.PESSIMISTIC_WRITE)
                .chain(stack -> stack == null ? Uni.createFrom().nullItem() : of(stack));
    }

    /** A stack whose row the caller has locked already, with its resource rows. */
    public static Uni<StackState> of(StackRuntime stack) {
        return ResourceRuntime.<ResourceRuntime>list("stackId = ?1 order by createdAt, name", stack.id)
                .map(rows -> new StackState(stack, planOf(stack), rows));
    }

    /** The stack's plan as stored. */
    public static StackPlan planOf(StackRuntime stack) {
        return HearthJson.read(stack.plan, new TypeReference<StackPlan>() {
        });
    }

    /** The traversal under way. */
    long traversal() {
        return stack.traversal;
    }

    /** The row a resource name stands for now (not one that a replacement superseded), or null. */
    ResourceRuntime current(String name) {
        for (ResourceRuntime row : rows) {
            if (!row.replaced && row.name.equals(name)) {
                return row;
            }
        }
        return null;
    }

    /**
     * Whether a row is in line with the current traversal: brought there in this traversal and not
     * busy or failed (a resource marked unhealthy, CHECK_FAILED, counts as in line).
     */
    boolean converged(ResourceRuntime row) {
        return row != null && row.traversal == traversal() && !IN_PROGRESS.equals(row.status)
                && !(FAILED.equals(row.status) && !"CHECK".equals(row.action));
    }

    /** The first resource whose action failed in this traversal. */
    Optional<ResourceRuntime> failure() {
        return rows.stream().filter(row -> row.traversal == traversal() && FAILED.equals(row.status)
                && !"CHECK".equals(row.action)).findFirst();
    }

    /** The names the plan's resources have. */
    Set<String> plannedNames() {
        Set<String> names = new LinkedHashSet<>();
        plan.resources().forEach(r -> names.add(r.name()));
        return names;
    }

    /** The planned resource of that name, or null. */
    PlannedResource planned(String name) {
        return plan.resources().stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
    }

    /** The names a row depended on when it was last created or updated. */
    static List<String> dependsOn(ResourceRuntime row) {
        return row.dependsOn == null ? List.of() : HearthJson.read(row.dependsOn, NAMES);
    }

    /** The evaluation context for the plan, resolving references from the current rows. */
    EvaluationContext evaluationContext() {
        return EvaluationContext.builder(HotVersion.of(plan.templateVersion()))
                .parameters(plan.parameters())
                .stack(new StackIdentity(stack.name, stack.id.toString(), stack.tenant))
                .resourceNames(plannedNames())
                .resolver(new RowResolver(this::current))
                .build();
    }

    void add(ResourceRuntime row) {
        rows.add(row);
    }

    void remove(ResourceRuntime row) {
        rows.remove(row);
    }
}
