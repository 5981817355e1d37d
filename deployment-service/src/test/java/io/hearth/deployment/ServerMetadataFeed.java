package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.util.List;

/** What an agent sees in tests: each server's metadata documents on {@code hearth.server.metadata}. */
final class ServerMetadataFeed implements AutoCloseable {

    private final ConsumerTask<String, String> records;

    ServerMetadataFeed(KafkaCompanion kafka) {
        records = kafka.consumeStrings().fromTopics(Topics.SERVER_METADATA);
    }

    /** Waits until the server's latest metadata holds {@code count} deployments. */
    List<DeploymentItem> awaitItems(String serverId, int count) {
        await().atMost(WAIT).until(() -> latest(serverId) != null && latest(serverId).deployments().size() == count);
        return latest(serverId).deployments();
    }

    /** The server's metadata document of the highest generation published so far, or null. */
    ServerMetadata latest(String serverId) {
        return records.getRecords().stream().map(r -> CloudEvent.parse(r.value()))
                .filter(e -> ServerMetadata.TYPE.equals(e.type()))
                .map(e -> e.dataAs(ServerMetadata.class)).filter(m -> serverId.equals(m.serverId()))
                .reduce((a, b) -> b.generation() >= a.generation() ? b : a).orElse(null);
    }

    @Override
    public void close() {
        records.close();
    }
}
