package io.hearth.deployment.deployments;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.platform.outbox.Outbox;
import io.hearth.platform.signing.PresignedUrls;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Writes what a deployment change causes to the outbox, in the caller's transaction: the deployment's
 * {@code DeploymentStatusChanged} on {@code hearth.stack.events} and its server's whole metadata document,
 * with the next per-server generation, on {@code hearth.server.metadata}.
 */
@ApplicationScoped
public class DeploymentPublisher {

    static final String SIGNAL_PATH = "/v1/signal/deployments/";

    private final Outbox outbox;
    private final PresignedUrls urls;
    private final SignalConfig signal;

    public DeploymentPublisher(Outbox outbox, PresignedUrls urls, SignalConfig signal) {
        this.outbox = outbox;
        this.urls = urls;
        this.signal = signal;
    }

    /** The deployment's pre-signed signal URL (POST) for its current generation. */
    public String signalUrl(SoftwareDeployment deployment) {
        return urls.url(signal.baseUrl(), "POST", SIGNAL_PATH + deployment.id, deployment.signalExpiresAt);
    }

    /** Appends the deployment's status; keyed by its stack, or by itself when it has none. */
    Uni<Void> status(SoftwareDeployment d) {
        String key = d.stackId != null ? d.stackId : d.id.toString();
        Map<String, JsonNode> outputs = d.outputValues == null ? null
                : HearthJson.read(d.outputValues, new TypeReference<Map<String, JsonNode>>() {
                });
        return outbox.append("deployment", key, key, new DeploymentStatusChanged(d.stackId, d.tenant,
                d.id.toString(), d.resourceName, d.serverId, d.configId.toString(), d.action, d.status,
                d.statusReason, d.generation, outputs)).replaceWithVoid();
    }

    /** Appends the server's whole metadata document with its next generation. */
    Uni<Void> metadata(String serverId) {
        // A query, not findById with a lock: Hibernate's lock statement for an entity already in the
        // session names the id column by its attribute (serverId), not by its column (server_id).
        return ServerMetadataRow.<ServerMetadataRow>find("serverId", serverId)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult()
                .chain(row -> {
                    row.generation++;
                    row.updatedAt = Instant.now();
                    return items(row.tenant, serverId).chain(items -> outbox.append("server", serverId, serverId,
                            new ServerMetadata(serverId, row.stackId, row.tenant, row.generation, items)));
                }).replaceWithVoid();
    }

    /** The server's deployment items in Heat's order (by config name). */
    Uni<List<DeploymentItem>> items(String tenant, String serverId) {
        return SoftwareDeployment.<SoftwareDeployment>list("tenant = ?1 and serverId = ?2 order by createdAt, id",
                tenant, serverId).chain(deployments -> {
                    List<UUID> configIds = deployments.stream().map(d -> d.configId).distinct().toList();
                    if (configIds.isEmpty()) {
                        return Uni.createFrom().item(List.<DeploymentItem>of());
                    }
                    return SoftwareConfig.<SoftwareConfig>list("id in ?1", configIds).map(configs -> {
                        Map<UUID, SoftwareConfig> byId = configs.stream()
                                .collect(Collectors.toMap(c -> c.id, Function.identity()));
                        return deployments.stream().filter(d -> byId.containsKey(d.configId))
                                .sorted(Comparator.comparing(d -> Objects.toString(byId.get(d.configId).name, "")))
                                .map(d -> DerivedConfig.item(d, byId.get(d.configId), signalUrl(d)))
                                .toList();
                    });
                });
    }
}
