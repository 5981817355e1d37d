package io.hearth.deployment.repository;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.StackRuntime;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What an update of stored rows sends: a large column (a stack's plan) only when it changed. */
class RuntimeColumnsTests {

    private static final RuntimeColumns<StackRuntime> STACKS = RuntimeColumns.STACKS;

    @Test
    void anUpdateSendsAStacksPlanOnlyWhenItChanged() {
        StackRuntime stack = StackRuntime.top(UUID.randomUUID(), "tenant", "web", "{\"resources\": {\"a\": {}}}");
        Object[] stored = STACKS.values(stack);

        stack.status = Status.COMPLETE;
        Object[] statusOnly = STACKS.updateArrays(List.<Object[]>of(STACKS.values(stack)), List.<Object[]>of(stored));
        assertThat(sent(statusOnly, "status")).isEqualTo("COMPLETE");
        assertThat(sent(statusOnly, "plan")).as("an unchanged plan is not sent").isNull();
        assertThat(kept(statusOnly, "plan")).isTrue();

        stack.plan = "{\"resources\": {\"a\": {}, \"b\": {}}}";
        Object[] newPlan = STACKS.updateArrays(List.<Object[]>of(STACKS.values(stack)), List.<Object[]>of(stored));
        assertThat(sent(newPlan, "plan")).isEqualTo(stack.plan);
        assertThat(kept(newPlan, "plan")).isFalse();
    }

    /** The first row's value of a column in the update's arrays. */
    private static Object sent(Object[] arrays, String column) {
        return ((Object[]) arrays[position(column)])[0];
    }

    /** Whether the first row keeps a large column's stored value (its flag follows the columns, in their order). */
    private static boolean kept(Object[] arrays, String column) {
        int flag = STACKS.columns.size();
        for (RuntimeColumns.Column<StackRuntime> c : STACKS.columns) {
            if (c.name().equals(column)) {
                return (Boolean) ((Object[]) arrays[flag])[0];
            }
            if (c.large()) {
                flag++;
            }
        }
        throw new IllegalArgumentException(column);
    }

    private static int position(String column) {
        for (int c = 0; c < STACKS.columns.size(); c++) {
            if (STACKS.columns.get(c).name().equals(column)) {
                return c;
            }
        }
        throw new IllegalArgumentException(column);
    }
}
