package io.hearth.deployment.engine;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What may start now, decided from the plan and the rows alone. */
class SchedulerTests {

    private final StackRuntime stack = new StackRuntime();

    SchedulerTests() {
        stack.id = UUID.randomUUID();
        stack.traversal = 2;
    }

    @Test
    void resourcesStartOnceEveryDependencyIsInLineWithTheTraversal() {
        StackPlan plan = plan(planned("a"), planned("b"), planned("c", "a", "b"), planned("d", "c"));
        List<ResourceRuntime> rows = new ArrayList<>();

        assertThat(names(Scheduler.readyToConverge(state(plan, rows)))).containsExactly("a", "b");

        rows.add(row("a", "CREATE", "COMPLETE", 2));
        rows.add(row("b", "CREATE", "IN_PROGRESS", 2));
        assertThat(names(Scheduler.readyToConverge(state(plan, rows)))).isEmpty();

        rows.set(1, row("b", "CREATE", "COMPLETE", 2));
        assertThat(names(Scheduler.readyToConverge(state(plan, rows)))).containsExactly("c");
        assertThat(Scheduler.allConverged(state(plan, rows))).isFalse();
    }

    @Test
    void rowsOfAnEarlierTraversalAreBroughtInLineUnlessTheyAreStillBusy() {
        StackPlan plan = plan(planned("a"), planned("b"), planned("c", "a"));
        List<ResourceRuntime> rows = List.of(row("a", "CREATE", "COMPLETE", 1), row("b", "UPDATE", "IN_PROGRESS", 1),
                row("c", "CHECK", "FAILED", 2));

        StackState state = state(plan, rows);
        assertThat(names(Scheduler.readyToConverge(state))).containsExactly("a");
        // Marked unhealthy in this traversal: in line, and no failure of the traversal.
        assertThat(state.converged(rows.get(2))).isTrue();
        assertThat(state.failure()).isEmpty();
    }

    @Test
    void dependentsAreDeletedFirstAndReplacedOrRemovedRowsAreLeftBehind() {
        StackPlan plan = plan(planned("a"), planned("b", "a"));
        ResourceRuntime oldA = row("a", "CREATE", "COMPLETE", 1);
        oldA.replaced = true;
        ResourceRuntime gone = row("gone", "CREATE", "COMPLETE", 1, "gone-dependency");
        ResourceRuntime goneDependency = row("gone-dependency", "CREATE", "COMPLETE", 1);
        List<ResourceRuntime> rows = List.of(oldA, row("a", "CREATE", "COMPLETE", 2), row("b", "UPDATE", "COMPLETE", 2,
                "a"), gone, goneDependency);

        List<ResourceRuntime> leftBehind = Scheduler.leftBehind(state(plan, rows));
        assertThat(leftBehind).containsExactly(oldA, gone, goneDependency);
        assertThat(Scheduler.readyToDelete(leftBehind)).containsExactly(oldA, gone);
        assertThat(names(Scheduler.readyToDelete(rows))).containsExactly("b", "gone");
    }

    private StackState state(StackPlan plan, List<ResourceRuntime> rows) {
        return new StackState(stack, plan, rows);
    }

    private static StackPlan plan(PlannedResource... resources) {
        return new StackPlan("2018-08-31", null, Map.of(), List.of(resources), Map.of(), null, true);
    }

    private static PlannedResource planned(String name, String... dependsOn) {
        return new PlannedResource(name, "OS::Heat::None", null, Arrays.asList(dependsOn), null, null);
    }

    private static ResourceRuntime row(String name, String action, String status, long traversal,
            String... dependsOn) {
        ResourceRuntime row = new ResourceRuntime();
        row.id = UUID.randomUUID();
        row.name = name;
        row.type = "OS::Heat::None";
        row.action = Action.valueOf(action);
        row.status = Status.valueOf(status);
        row.traversal = traversal;
        row.dependsOn = HearthJson.write(List.of(dependsOn));
        return row;
    }

    private static List<String> names(List<?> items) {
        return items.stream().map(i -> i instanceof PlannedResource p ? p.name() : ((ResourceRuntime) i).name)
                .toList();
    }
}
