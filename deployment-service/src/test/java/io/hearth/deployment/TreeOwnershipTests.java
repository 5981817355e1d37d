package io.hearth.deployment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.Topics;
import io.hearth.deployment.engine.TreeOwnership;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Which stack trees this replica owns, against the real broker: a tree's key lands on the partition that
 * {@link TreeOwnership} computes, and the one replica of a module test holds every partition of the engine's topics.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class TreeOwnershipTests {

    @Inject
    TreeOwnership ownership;

    @RegisterExtension
    final TopicRecords signals = new TopicRecords(Topics.SIGNALS);

    @Test
    void aTreesKeyLandsOnThePartitionOwnershipComputesAndTheOnlyReplicaOwnsEveryTree() {
        List<String> roots = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            String root = UUID.randomUUID().toString();
            roots.add(root);
            // an event type the engine does not act on: it is skipped, no stack is touched
            signals.publish(Topics.SIGNALS, root, "{\"specversion\":\"1.0\",\"id\":\"" + UUID.randomUUID()
                    + "\",\"source\":\"/test\",\"type\":\"io.hearth.test.ignored.v1\",\"subject\":\"" + root
                    + "\",\"data\":{}}");
        }
        await().atMost(Duration.ofSeconds(30)).until(() -> roots.stream().allMatch(root -> signals.records().stream()
                .anyMatch(r -> root.equals(r.key()))));
        for (ConsumerRecord<String, String> record : signals.records()) {
            if (roots.contains(record.key())) {
                assertThat(TreeOwnership.partition(record.key(), Topics.DEFAULT_PARTITIONS))
                        .as("the partition of key %s", record.key()).isEqualTo(record.partition());
            }
        }
        await().atMost(Duration.ofSeconds(30)).until(ownership::ownsAny);
        assertThat(roots).allMatch(root -> ownership.owns(UUID.fromString(root)));
    }
}
