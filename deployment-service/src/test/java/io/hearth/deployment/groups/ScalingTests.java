package io.hearth.deployment.groups;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import java.time.Instant;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The new capacity (Heat's test_new_capacity.py scenarios) and the cooldown ({@code CooldownMixin}). */
class ScalingTests {

    static Stream<Arguments> capacities() {
        return Stream.of(
                Arguments.of("+n", 2, 3, "change_in_capacity", null, 0, 10, 5),
                Arguments.of("-n", 6, -2, "change_in_capacity", null, 0, 5, 4),
                Arguments.of("+nb", 2, 8, "change_in_capacity", null, 0, 5, 5),
                Arguments.of("-nb", 2, -10, "change_in_capacity", null, 1, 5, 1),
                Arguments.of("e", 2, 4, "exact_capacity", null, 0, 5, 4),
                Arguments.of("+eb", 2, 11, "exact_capacity", null, 0, 5, 5),
                Arguments.of("-eb", 4, 1, "exact_capacity", null, 3, 5, 3),
                Arguments.of("+p", 4, 50, "percent_change_in_capacity", null, 1, 10, 6),
                Arguments.of("-p", 4, -25, "percent_change_in_capacity", null, 1, 10, 3),
                Arguments.of("+pb", 4, 100, "percent_change_in_capacity", null, 1, 6, 6),
                Arguments.of("-pb", 6, -50, "percent_change_in_capacity", null, 4, 10, 4),
                Arguments.of("-p+r", 2, -33, "percent_change_in_capacity", null, 0, 10, 1),
                Arguments.of("+p+r", 1, 33, "percent_change_in_capacity", null, 0, 10, 2),
                Arguments.of("-p-r", 2, -66, "percent_change_in_capacity", null, 0, 10, 1),
                Arguments.of("+p-r", 1, 225, "percent_change_in_capacity", null, 0, 10, 3),
                Arguments.of("+ps", 1, 100, "percent_change_in_capacity", 3, 0, 10, 4),
                Arguments.of("+p+rs", 1, 33, "percent_change_in_capacity", 2, 0, 10, 3),
                Arguments.of("+p-rs", 1, 325, "percent_change_in_capacity", 2, 0, 10, 4),
                Arguments.of("-p-rs", 3, -25, "percent_change_in_capacity", 2, 0, 10, 1));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("capacities")
    void newCapacityIsHeats(String name, int current, double adjustment, String type, Integer step, int min, int max,
            int expected) {
        assertThat(Scaling.newCapacity(current, adjustment, type, step, min, max)).isEqualTo(expected);
    }

    @Test
    void aSignalInsideTheCooldownIsRefusedWithHeatsNoActionRequiredText() {
        Instant now = Instant.parse("2026-11-24T10:00:00Z");
        Cooldown afterCreate = Cooldown.NONE.finished(IntNode.valueOf(60), "ExactCapacity : 2", true, now);

        assertThat(afterCreate.refusal("asg", IntNode.valueOf(60), now.plusSeconds(30)))
                .isEqualTo("The resource asg could not perform scaling action: due to cooldown, cooldown 60");
        assertThat(afterCreate.refusal("asg", DoubleNode.valueOf(60), now.plusSeconds(30)))
                .endsWith("cooldown 60.0");
        assertThat(afterCreate.refusal("asg", null, now.plusSeconds(61))).isNull();
        assertThat(afterCreate.started().refusal("asg", null, now.plusSeconds(61)))
                .isEqualTo("The resource asg could not perform scaling action: due to scaling activity");
    }

    @Test
    void aShorterCooldownDoesNotEndAnEarlierLongerOneAndNoChangeKeepsIt() {
        Instant now = Instant.parse("2026-11-24T10:00:00Z");
        Cooldown longOne = Cooldown.NONE.finished(IntNode.valueOf(300), "a", true, now);
        Cooldown then = longOne.finished(IntNode.valueOf(10), "b", true, now.plusSeconds(20));
        assertThat(then.end()).isEqualTo(now.plusSeconds(300));
        assertThat(longOne.started().finished(IntNode.valueOf(0), "c", false, now).end()).isEqualTo(longOne.end());
        assertThat(Cooldown.NONE.finished(IntNode.valueOf(-5), "d", true, now).end()).isEqualTo(now);
    }
}
