package io.hearth.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TopicsTests {

    /** The business topics of docs/design.md, spelled out so a rename fails here. */
    static final List<String> MAIN = List.of("hearth.stack.commands", "hearth.stack.events", "hearth.server.metadata",
            "hearth.server.deployments", "hearth.signals", "hearth.instance.lifecycle", "hearth.membership", "hearth.scaling",
            "hearth.compute.servers", "hearth.compute.status", "hearth.metrics");

    @Test
    void mainTopicsAreTheOnesOfTheDesign() {
        assertThat(Topics.MAIN).containsExactlyElementsOf(MAIN);
        assertThat(Topics.dlq("hearth.signals")).isEqualTo("hearth.signals.dlq");
    }

    @Test
    void allHoldsEachMainTopicFollowedByItsDeadLetterTopicAndNothingElse() {
        List<String> expected = MAIN.stream().flatMap(t -> java.util.stream.Stream.of(t, t + ".dlq")).toList();

        assertThat(Topics.all()).extracting(Topics.TopicSpec::name).containsExactlyElementsOf(expected);
    }

    @Test
    void onlyServerMetadataDeploymentsAndComputeDesiredStatesAreCompacted() {
        List<String> compacted = List.of("hearth.server.metadata", "hearth.server.deployments",
                "hearth.compute.servers");
        assertThat(Topics.all()).filteredOn(Topics.TopicSpec::compacted)
                .extracting(Topics.TopicSpec::name).containsExactlyElementsOf(compacted);
        assertThat(Topics.all()).allSatisfy(t -> assertThat(t.cleanupPolicy())
                .isEqualTo(compacted.contains(t.name()) ? "compact" : "delete"));
    }

    @Test
    void mainTopicsHaveTheDefaultPartitionsAndDeadLetterTopicsOne() {
        assertThat(Topics.DEFAULT_PARTITIONS).isEqualTo(6);
        assertThat(Topics.all()).allSatisfy(t -> assertThat(t.partitions())
                .as(t.name()).isEqualTo(t.name().endsWith(".dlq") ? 1 : Topics.DEFAULT_PARTITIONS));
    }

    @Test
    void everyTopicTakesRecordsOfEightMebibytes() {
        assertThat(Topics.MAX_RECORD_BYTES).isEqualTo(8 * 1024 * 1024);
        assertThat(Topics.all()).allSatisfy(t -> assertThat(t.maxMessageBytes()).isEqualTo(8_388_608));
    }

    @Test
    void mainPrintsNamePartitionsPolicyAndLargestRecordOneTopicALine() {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
            Topics.main(new String[0]);
        } finally {
            System.setOut(original);
        }

        String out = captured.toString(StandardCharsets.UTF_8);
        assertThat(out.lines().toList()).containsExactly(
                "hearth.stack.commands 6 delete 8388608",
                "hearth.stack.commands.dlq 1 delete 8388608",
                "hearth.stack.events 6 delete 8388608",
                "hearth.stack.events.dlq 1 delete 8388608",
                "hearth.server.metadata 6 compact 8388608",
                "hearth.server.metadata.dlq 1 delete 8388608",
                "hearth.server.deployments 6 compact 8388608",
                "hearth.server.deployments.dlq 1 delete 8388608",
                "hearth.signals 6 delete 8388608",
                "hearth.signals.dlq 1 delete 8388608",
                "hearth.instance.lifecycle 6 delete 8388608",
                "hearth.instance.lifecycle.dlq 1 delete 8388608",
                "hearth.membership 6 delete 8388608",
                "hearth.membership.dlq 1 delete 8388608",
                "hearth.scaling 6 delete 8388608",
                "hearth.scaling.dlq 1 delete 8388608",
                "hearth.compute.servers 6 compact 8388608",
                "hearth.compute.servers.dlq 1 delete 8388608",
                "hearth.compute.status 6 delete 8388608",
                "hearth.compute.status.dlq 1 delete 8388608",
                "hearth.metrics 6 delete 8388608",
                "hearth.metrics.dlq 1 delete 8388608");
        assertThat(out).endsWith(System.lineSeparator());
    }
}
