package io.hearth.testsupport;

import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.ServerMetadataAssembly;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerDeployment;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A server's metadata documents as a test sees them on the broker: its records on {@code hearth.server.metadata}
 * and {@code hearth.server.deployments}, put together as the gateway does ({@link ServerMetadataAssembly}). The
 * records of the two topics come in any order between keys: they are applied in the order of their generations.
 */
public final class ServerMetadataRecords {

    private ServerMetadataRecords() {
    }

    /** The server's records among {@code records} (a tombstone's value is null). */
    public static List<ConsumerRecord<String, String>> of(String serverId, List<ConsumerRecord<String, String>> records) {
        return records.stream().filter(r -> r.key() != null && (serverId.equals(r.key())
                || Topics.SERVER_DEPLOYMENTS.equals(r.topic()) && serverId.equals(ServerDeployment.serverOf(r.key()))))
                .toList();
    }

    /**
     * The server's documents, one per record that changed it, in the order of their generations (tombstones left
     * out: the last document is the one before the server was deleted).
     */
    public static List<ServerMetadata> documents(String serverId, List<ConsumerRecord<String, String>> records) {
        List<ConsumerRecord<String, String>> mine = new ArrayList<>(of(serverId, records).stream()
                .filter(r -> r.value() != null).toList());
        mine.sort(Comparator.comparingLong(r -> CloudEvent.parse(r.value()).data().path("generation").asLong()));
        ServerMetadataAssembly<DeploymentItem> assembly = ServerMetadataAssembly.ofDeploymentItems();
        List<ServerMetadata> documents = new ArrayList<>();
        for (ConsumerRecord<String, String> r : mine) {
            if (assembly.apply(r.topic(), r.key(), r.value()) != null) {
                var document = assembly.document(serverId);
                documents.add(new ServerMetadata(serverId, document.stackId(), document.tenant(),
                        document.generation(), document.deployments(), document.check()));
            }
        }
        return documents;
    }

    /** The server's latest document (see {@link #documents}), or null when none was published. */
    public static ServerMetadata latest(String serverId, List<ConsumerRecord<String, String>> records) {
        List<ServerMetadata> documents = documents(serverId, records);
        return documents.isEmpty() ? null : documents.get(documents.size() - 1);
    }
}
