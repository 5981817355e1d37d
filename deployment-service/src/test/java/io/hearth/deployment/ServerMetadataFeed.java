package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.testsupport.ServerMetadataRecords;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import java.util.ArrayList;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * What an agent sees in tests: each server's metadata as its records make it, its server part on
 * {@code hearth.server.metadata} and its deployments' items on {@code hearth.server.deployments}, put together as the
 * gateway does ({@link ServerMetadataRecords}), and the tombstone (a null value) that ends them when the server is
 * deleted. A {@link BrokerFixture}: registered with {@code @RegisterExtension}.
 */
final class ServerMetadataFeed extends BrokerFixture {

    private ConsumerTask<String, String> parts;
    private ConsumerTask<String, String> items;

    @Override
    protected void open() {
        parts = consume(Topics.SERVER_METADATA);
        items = consume(Topics.SERVER_DEPLOYMENTS);
    }

    /** Waits until the server's latest metadata holds {@code count} deployments. */
    List<DeploymentItem> awaitItems(String serverId, int count) {
        await().atMost(WAIT).until(() -> latest(serverId) != null && latest(serverId).deployments().size() == count);
        return latest(serverId).deployments();
    }

    /**
     * The server's metadata document as its records so far make it (as it was before its tombstone, for a server
     * that is gone), or null when none was published.
     */
    ServerMetadata latest(String serverId) {
        return ServerMetadataRecords.latest(serverId, recordsOf(serverId));
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

    /** Every record of the server's keys so far (a tombstone's value is null): its part's, then its items'. */
    List<ConsumerRecord<String, String>> recordsOf(String serverId) {
        List<ConsumerRecord<String, String>> all = new ArrayList<>(parts.getRecords());
        all.addAll(items.getRecords());
        return ServerMetadataRecords.of(serverId, all);
    }

    /** Waits until the last record of the server's key on {@code hearth.server.metadata} is a tombstone. */
    void awaitTombstone(String serverId) {
        await().atMost(WAIT).until(() -> {
            List<ConsumerRecord<String, String>> mine = parts.getRecords().stream()
                    .filter(r -> serverId.equals(r.key())).toList();
            return !mine.isEmpty() && mine.get(mine.size() - 1).value() == null;
        });
    }
}
