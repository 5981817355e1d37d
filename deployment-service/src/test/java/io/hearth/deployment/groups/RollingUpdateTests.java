package io.hearth.deployment.groups;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Batched updates, with the scenarios of Heat's {@code TestGetBatches} (test_resource_group.py) and
 * {@code TestNextBatch} (test_rolling_update.py): batch sizes and which members each batch updates.
 */
class RollingUpdateTests {

    static Stream<Arguments> resourceGroupScenarios() {
        return Stream.of(
                scenario("4_4_1_0", 4, 4, 1, 0, new Object[] {4, 1, List.of("4")}, new Object[] {4, 1, List.of("3")}, new Object[] {4, 1, List.of("2")}, new Object[] {4, 1, List.of("1")}),
                scenario("4_4_1_4", 4, 4, 1, 4, new Object[] {5, 1, List.of("5")}, new Object[] {5, 1, List.of("4")}, new Object[] {5, 1, List.of("3")}, new Object[] {5, 1, List.of("2")}, new Object[] {5, 1, List.of("1")}, new Object[] {4, 0, List.of()}),
                scenario("4_4_1_5", 4, 4, 1, 5, new Object[] {5, 1, List.of("5")}, new Object[] {5, 1, List.of("4")}, new Object[] {5, 1, List.of("3")}, new Object[] {5, 1, List.of("2")}, new Object[] {5, 1, List.of("1")}, new Object[] {4, 0, List.of()}),
                scenario("4_4_2_0", 4, 4, 2, 0, new Object[] {4, 2, List.of("4", "3")}, new Object[] {4, 2, List.of("2", "1")}),
                scenario("4_4_2_4", 4, 4, 2, 4, new Object[] {6, 2, List.of("6", "5")}, new Object[] {6, 2, List.of("4", "3")}, new Object[] {6, 2, List.of("2", "1")}, new Object[] {4, 0, List.of()}),
                scenario("5_5_2_0", 5, 5, 2, 0, new Object[] {5, 2, List.of("5", "4")}, new Object[] {5, 2, List.of("3", "2")}, new Object[] {5, 1, List.of("1")}),
                scenario("5_5_2_4", 5, 5, 2, 4, new Object[] {6, 2, List.of("6", "5")}, new Object[] {6, 2, List.of("4", "3")}, new Object[] {6, 2, List.of("2", "1")}, new Object[] {5, 0, List.of()}),
                scenario("3_3_2_0", 3, 3, 2, 0, new Object[] {3, 2, List.of("3", "2")}, new Object[] {3, 1, List.of("1")}),
                scenario("3_3_2_4", 3, 3, 2, 4, new Object[] {5, 2, List.of("5", "4")}, new Object[] {5, 2, List.of("3", "2")}, new Object[] {4, 1, List.of("1")}, new Object[] {3, 0, List.of()}),
                scenario("4_4_4_0", 4, 4, 4, 0, new Object[] {4, 4, List.of("4", "3", "2", "1")}),
                scenario("4_4_5_0", 4, 4, 5, 0, new Object[] {4, 4, List.of("4", "3", "2", "1")}),
                scenario("4_4_4_1", 4, 4, 4, 1, new Object[] {5, 4, List.of("5", "4", "3", "2")}, new Object[] {4, 1, List.of("1")}),
                scenario("4_4_6_1", 4, 4, 6, 1, new Object[] {5, 4, List.of("5", "4", "3", "2")}, new Object[] {4, 1, List.of("1")}),
                scenario("4_4_4_2", 4, 4, 4, 2, new Object[] {6, 4, List.of("6", "5", "4", "3")}, new Object[] {4, 2, List.of("2", "1")}),
                scenario("4_4_4_4", 4, 4, 4, 4, new Object[] {8, 4, List.of("8", "7", "6", "5")}, new Object[] {8, 4, List.of("4", "3", "2", "1")}, new Object[] {4, 0, List.of()}),
                scenario("4_4_5_6", 4, 4, 5, 6, new Object[] {8, 4, List.of("8", "7", "6", "5")}, new Object[] {8, 4, List.of("4", "3", "2", "1")}, new Object[] {4, 0, List.of()}),
                scenario("4_7_1_0", 4, 7, 1, 0, new Object[] {4, 1, List.of("4")}, new Object[] {4, 1, List.of("3")}, new Object[] {4, 1, List.of("2")}, new Object[] {4, 1, List.of("1")}),
                scenario("4_7_1_4", 4, 7, 1, 4, new Object[] {5, 1, List.of("4")}, new Object[] {5, 1, List.of("3")}, new Object[] {5, 1, List.of("2")}, new Object[] {5, 1, List.of("1")}, new Object[] {4, 0, List.of()}),
                scenario("4_7_1_5", 4, 7, 1, 5, new Object[] {5, 1, List.of("4")}, new Object[] {5, 1, List.of("3")}, new Object[] {5, 1, List.of("2")}, new Object[] {5, 1, List.of("1")}, new Object[] {4, 0, List.of()}),
                scenario("4_7_2_0", 4, 7, 2, 0, new Object[] {4, 2, List.of("4", "3")}, new Object[] {4, 2, List.of("2", "1")}),
                scenario("4_7_2_4", 4, 7, 2, 4, new Object[] {6, 2, List.of("4", "3")}, new Object[] {6, 2, List.of("2", "1")}, new Object[] {4, 0, List.of()}),
                scenario("5_7_2_0", 5, 7, 2, 0, new Object[] {5, 2, List.of("5", "4")}, new Object[] {5, 2, List.of("3", "2")}, new Object[] {5, 1, List.of("1")}),
                scenario("5_7_2_4", 5, 7, 2, 4, new Object[] {6, 2, List.of("5", "4")}, new Object[] {6, 2, List.of("3", "2")}, new Object[] {5, 1, List.of("1")}),
                scenario("4_7_4_4", 4, 7, 4, 4, new Object[] {8, 4, List.of("8", "4", "3", "2")}, new Object[] {5, 1, List.of("1")}, new Object[] {4, 0, List.of()}),
                scenario("4_7_5_6", 4, 7, 5, 6, new Object[] {8, 4, List.of("8", "4", "3", "2")}, new Object[] {5, 1, List.of("1")}, new Object[] {4, 0, List.of()}),
                scenario("6_4_1_0", 6, 4, 1, 0, new Object[] {5, 1, List.of("5")}, new Object[] {6, 1, List.of("6")}, new Object[] {6, 1, List.of("4")}, new Object[] {6, 1, List.of("3")}, new Object[] {6, 1, List.of("2")}, new Object[] {6, 1, List.of("1")}),
                scenario("6_4_1_4", 6, 4, 1, 4, new Object[] {5, 1, List.of("5")}, new Object[] {6, 1, List.of("6")}, new Object[] {6, 1, List.of("4")}, new Object[] {6, 1, List.of("3")}, new Object[] {6, 1, List.of("2")}, new Object[] {6, 1, List.of("1")}),
                scenario("6_4_1_5", 6, 4, 1, 5, new Object[] {5, 1, List.of("5")}, new Object[] {6, 1, List.of("6")}, new Object[] {6, 1, List.of("4")}, new Object[] {6, 1, List.of("3")}, new Object[] {6, 1, List.of("2")}, new Object[] {6, 1, List.of("1")}),
                scenario("6_4_2_0", 6, 4, 2, 0, new Object[] {6, 2, List.of("5", "6")}, new Object[] {6, 2, List.of("4", "3")}, new Object[] {6, 2, List.of("2", "1")}),
                scenario("6_4_2_4", 6, 4, 2, 4, new Object[] {6, 2, List.of("5", "6")}, new Object[] {6, 2, List.of("4", "3")}, new Object[] {6, 2, List.of("2", "1")}),
                scenario("6_5_2_0", 6, 5, 2, 0, new Object[] {6, 2, List.of("6", "5")}, new Object[] {6, 2, List.of("4", "3")}, new Object[] {6, 2, List.of("2", "1")}),
                scenario("6_5_2_4", 6, 5, 2, 4, new Object[] {6, 2, List.of("6", "5")}, new Object[] {6, 2, List.of("4", "3")}, new Object[] {6, 2, List.of("2", "1")}),
                scenario("6_3_2_0", 6, 3, 2, 0, new Object[] {5, 2, List.of("4", "5")}, new Object[] {6, 2, List.of("6", "3")}, new Object[] {6, 2, List.of("2", "1")}),
                scenario("6_3_2_4", 6, 3, 2, 4, new Object[] {5, 2, List.of("4", "5")}, new Object[] {6, 2, List.of("6", "3")}, new Object[] {6, 2, List.of("2", "1")}),
                scenario("6_4_4_0", 6, 4, 4, 0, new Object[] {6, 4, List.of("5", "6", "4", "3")}, new Object[] {6, 2, List.of("2", "1")}),
                scenario("6_4_5_0", 6, 4, 5, 0, new Object[] {6, 5, List.of("5", "6", "4", "3", "2")}, new Object[] {6, 1, List.of("1")}),
                scenario("6_4_4_1", 6, 4, 4, 1, new Object[] {6, 4, List.of("5", "6", "4", "3")}, new Object[] {6, 2, List.of("2", "1")}),
                scenario("6_4_6_1", 6, 4, 6, 1, new Object[] {7, 6, List.of("5", "6", "7", "4", "3", "2")}, new Object[] {6, 1, List.of("1")}),
                scenario("6_4_4_2", 6, 4, 4, 2, new Object[] {6, 4, List.of("5", "6", "4", "3")}, new Object[] {6, 2, List.of("2", "1")}),
                scenario("6_4_4_4", 6, 4, 4, 4, new Object[] {8, 4, List.of("8", "7", "6", "5")}, new Object[] {8, 4, List.of("4", "3", "2", "1")}, new Object[] {6, 0, List.of()}),
                scenario("6_4_5_6", 6, 4, 5, 6, new Object[] {9, 5, List.of("9", "8", "7", "6", "5")}, new Object[] {10, 4, List.of("10", "4", "3", "2")}, new Object[] {7, 1, List.of("1")}, new Object[] {6, 0, List.of()}));
    }

    private static Arguments scenario(String name, int target, int initial, int batchSize, int minInService,
            Object[]... batches) {
        return Arguments.of(name, target, initial, batchSize, minInService, List.of(batches));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("resourceGroupScenarios")
    void resourceGroupBatchesAreHeats(String name, int target, int initial, int batchSize, int minInService,
            List<Object[]> expected) {
        assertThat(RollingUpdate.resourceGroupBatches(target, initial, batchSize, minInService))
                .containsExactlyElementsOf(expected.stream().map(b -> new RollingUpdate.Batch((int) b[0], (int) b[1]))
                        .toList());
    }

    /** Heat's test_assemble: "0" is removed; each batch updates exactly the names the scenario lists. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("resourceGroupScenarios")
    @SuppressWarnings("unchecked")
    void eachBatchUpdatesTheMembersHeatUpdates(String name, int target, int initial, int batchSize, int minInService,
            List<Object[]> expected) {
        JsonNode oldDef = HearthJson.readTree("{\"type\":\"T\",\"properties\":{\"foo\":\"baz\"}}");
        JsonNode newDef = HearthJson.readTree("{\"type\":\"T\",\"properties\":{\"foo\":\"bar\"}}");
        List<String> skiplist = List.of("0");
        GroupBatches batches = new GroupBatches(target, size -> ResourceGroupPlan.names(skiplist, size), n -> newDef);
        List<RollingUpdate.Definition> members = new ArrayList<>(IntStream.rangeClosed(1, initial)
                .mapToObj(i -> new RollingUpdate.Definition(Integer.toString(i), oldDef)).toList());
        Set<String> updatedSoFar = new HashSet<>();
        for (Object[] batch : expected) {
            int size = (int) batch[0];
            List<RollingUpdate.Definition> result = batches.forRollingUpdate(members, size, (int) batch[1]);

            Set<String> names = new HashSet<>(IntStream.rangeClosed(1, size).mapToObj(Integer::toString).toList());
            assertThat(result).extracting(RollingUpdate.Definition::name).containsExactlyInAnyOrderElementsOf(names);
            updatedSoFar.retainAll(names);
            updatedSoFar.addAll((List<String>) batch[2]);
            assertThat(result.stream().filter(m -> !m.definition().equals(oldDef)).map(RollingUpdate.Definition::name))
                    .containsExactlyInAnyOrderElementsOf(updatedSoFar);
            members = new ArrayList<>(result);
            members.sort((a, b) -> Integer.compare(Integer.parseInt(a.name()), Integer.parseInt(b.name())));
        }
    }

    @Test
    void nextBatchMatchesHeatsTable() {
        int[][] table = {
            {4, 4, 0, 1, 0, 4, 1}, {4, 4, 3, 1, 0, 4, 1}, {4, 4, 0, 1, 4, 5, 1}, {4, 5, 3, 1, 4, 5, 1},
            {4, 5, 4, 1, 4, 4, 0}, {4, 4, 0, 1, 5, 5, 1}, {4, 5, 0, 1, 4, 5, 1}, {4, 4, 0, 2, 4, 6, 2},
            {4, 6, 4, 2, 4, 4, 0}, {5, 5, 4, 2, 0, 5, 1}, {5, 6, 4, 2, 4, 5, 1}, {5, 7, 2, 2, 4, 6, 2},
            {3, 3, 2, 2, 0, 3, 1},
        };
        for (int[] row : table) {
            assertThat(RollingUpdate.nextBatch(row[0], row[1], row[2], row[3], row[4]))
                    .as(Arrays.toString(row)).isEqualTo(new RollingUpdate.Batch(row[5], row[6]));
        }
        assertThat(RollingUpdate.needsUpdate(4, 4, 4)).isFalse();
        assertThat(RollingUpdate.needsUpdate(4, 5, 5)).isTrue();
        assertThat(RollingUpdate.needsUpdate(4, 3, 4)).isTrue();
    }

    @Test
    void pausesThatUseUpTheStackTimeoutAreRefusedWithHeatsMessage() {
        assertThat(RollingUpdate.updateTimeoutSeconds(3, 10, 3600)).isEqualTo(3580);
        assertThat(RollingUpdate.updateTimeoutSeconds(1, 5000, 3600)).isEqualTo(3600);
        assertThatThrownBy(() -> RollingUpdate.updateTimeoutSeconds(3, 1800, 3600))
                .hasMessage("The current update policy will result in stack update timeout.");
    }

    @Test
    void memberDefinitionsDropTheFirstAndAddNewNames() {
        JsonNode a = HearthJson.readTree("{\"type\":\"A\"}");
        JsonNode b = HearthJson.readTree("{\"type\":\"B\"}");
        List<RollingUpdate.Definition> old = List.of(new RollingUpdate.Definition("x", a),
                new RollingUpdate.Definition("y", a), new RollingUpdate.Definition("z", a));
        int[] next = {0};
        List<RollingUpdate.Definition> shrunk = RollingUpdate.memberDefinitions(old, b, 2, 0, () -> "n" + next[0]++,
                (n, d) -> d);
        assertThat(shrunk).extracting(RollingUpdate.Definition::name).containsExactly("y", "z");
        assertThat(shrunk).extracting(RollingUpdate.Definition::definition).containsOnly(a);

        List<RollingUpdate.Definition> grown = RollingUpdate.memberDefinitions(old, b, 5, 3, () -> "n" + next[0]++,
                (n, d) -> d);
        assertThat(grown).extracting(RollingUpdate.Definition::name).containsExactly("x", "y", "z", "n0", "n1");
        assertThat(grown).extracting(m -> m.definition().path("type").asText()).containsExactly("B", "A", "A", "B", "B");
    }
}
