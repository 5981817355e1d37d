package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What an agent sees in tests: each server's metadata documents on {@code hearth.server.metadata}, and the
 * tombstone (a null value) that ends them when the server is deleted. A {@link BrokerFixture}: registered with
 * {@code @RegisterExtension}.
 */
final class ServerMetadataFeed extends BrokerFixture {

    private ConsumerTask<String, String> records;

    @Override
    protected void open() {
        records = consume(Topics.SERVER_METADATA);
    }

    /** Waits until the server's latest metadata holds {@code count} deployments. */
    List<DeploymentItem> awaitItems(String serverId, int count) {
        await().atMost(WAIT).until(() -> latest(serverId) != null && latest(serverId).deployments().size() == count);
        return latest(serverId).deployments();
    }

    /** The server's metadata document of the highest generation published so far, or null. */
    ServerMetadata latest(String serverId) {
        return records.getRecords().stream().filter(r -> r.value() != null).map(r -> CloudEvent.parse(r.value()))
                .filter(e -> ServerMetadata.TYPE.equals(e.type()))
                .map(e -> e.dataAs(ServerMetadata.class)).filter(m -> serverId.equals(m.serverId()))
                .reduce((a, b) -> b.generation() >= a.generation() ? b : a).orElse(null);
    }

    /** The last deployment of the server's latest metadata document. */
    DeploymentItem latestItem(String serverId) {
        List<DeploymentItem> items = latest(serverId).deployments();
        return items.get(items.size() - 1);
    }

    /** A deployment item's input value by name (a derived input such as {@code deploy_action} too). */
    static JsonNode input(DeploymentItem item, String name) {
        return item.inputs().stream().filter(i -> i.name().equals(name)).map(DeploymentInput::value).findFirst()
                .orElseThrow();
    }

    /** Every record of the server's key so far (a tombstone's value is null), in the partition's order. */
    List<ConsumerRecord<String, String>> recordsOf(String serverId) {
        return records.getRecords().stream().filter(r -> serverId.equals(r.key())).toList();
    }

    /** Waits until the last record of the server's key is a tombstone: the key with a null value. */
    void awaitTombstone(String serverId) {
        await().atMost(WAIT).until(() -> {
            List<ConsumerRecord<String, String>> mine = records.getRecords().stream()
                    .filter(r -> serverId.equals(r.key())).toList();
            return !mine.isEmpty() && mine.get(mine.size() - 1).value() == null;
        });
    }
}
