package io.hearth.deployment.software;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.deployment.v1.ServerDeployment;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.repository.MetricScopeRepository;
import io.hearth.deployment.repository.ServerMetadataRepository;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.deployment.software.MetricUrls.MetricScope;
import io.hearth.platform.outbox.Outbox;
import io.hearth.platform.outbox.OutboxEvent;
import io.hearth.platform.signing.PresignedUrls;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;

/**
 * Writes what a deployment change causes to the outbox, in the caller's transaction: the deployment's
 * {@code DeploymentStatusChanged} on {@code hearth.stack.events} and, when what its server's agent runs changed,
 * the deployment's item of its server's metadata ({@code ServerDeployment} on {@code hearth.server.deployments})
 * with the server's next generation: one record whatever the number of the server's deployments. The server part
 * ({@code ServerMetadata} on {@code hearth.server.metadata}) is written only when it changes (a check); when the
 * server is gone, tombstones for its keys.
 */
@ApplicationScoped
public class DeploymentPublisher {

    static final String SIGNAL_PATH = "/v1/signal/deployments/";

    private final Outbox outbox;
    private final PresignedUrls urls;
    private final SignalConfig signal;
    private final SoftwareConfigStore configs;
    private final MetadataLimits limits;
    private final MetricUrls metricUrls;
    private final MetricScopeRepository scopes;
    private final DeploymentRuns runs;
    private final ServerMetadataRepository servers;
    private final SoftwareDeploymentRepository deployments;

    public DeploymentPublisher(Outbox outbox, PresignedUrls urls, SignalConfig signal, SoftwareConfigStore configs,
            MetadataLimits limits, MetricUrls metricUrls, MetricScopeRepository scopes, DeploymentRuns runs,
            ServerMetadataRepository servers, SoftwareDeploymentRepository deployments) {
        this.outbox = outbox;
        this.servers = servers;
        this.deployments = deployments;
        this.runs = runs;
        this.metricUrls = metricUrls;
        this.scopes = scopes;
        this.limits = limits;
        this.urls = urls;
        this.signal = signal;
        this.configs = configs;
    }

    /**
     * The pre-signed signal URL (POST) of a deployment of a stack: {@code /v1/signal/trees/{root}/deployments/{id}},
     * so the gateway keys its signals by the stack's tree; {@link #signalUrl(SoftwareDeployment)} for one no stack
     * owns.
     */
    private String signalUrl(SoftwareDeployment d, Map<String, MetricScope> scopes) {
        MetricScope scope = d.stackId == null ? null : scopes.get(d.stackId);
        return scope == null ? signalUrl(d) : urls.url(signal.baseUrl(), "POST", "/v1/signal/trees/"
                + scope.rootStackId() + "/deployments/" + d.id, d.signalExpiresAt);
    }

    /** The deployment's pre-signed signal URL (POST) for its current generation. */
    public String signalUrl(SoftwareDeployment deployment) {
        return urls.url(signal.baseUrl(), "POST", SIGNAL_PATH + deployment.id, deployment.signalExpiresAt);
    }

    /**
     * Appends the deployment's status, keyed by its stack, or by itself when it has none; the record of its ad-hoc
     * run follows ({@link DeploymentRuns}).
     */
    Uni<Void> status(SoftwareDeployment d) {
        String key = statusKey(d);
        return runs.record(d).chain(() -> outbox.append("deployment", key, key, statusEvent(d))).replaceWithVoid();
    }

    /** The outbox row of the deployment's status, not yet written (see {@link #status}). */
    OutboxEvent statusRow(SoftwareDeployment d) {
        String key = statusKey(d);
        return outbox.row("deployment", key, key, statusEvent(d));
    }

    private static String statusKey(SoftwareDeployment d) {
        return d.stackId != null ? d.stackId : d.id.toString();
    }

    private static DeploymentStatusChanged statusEvent(SoftwareDeployment d) {
        Map<String, JsonNode> outputs = d.outputValues == null ? null
                : HearthJson.read(d.outputValues, new TypeReference<Map<String, JsonNode>>() {
                });
        return new DeploymentStatusChanged(d.stackId, d.tenant, d.id.toString(), d.resourceName, d.serverId,
                d.configId.toString(), d.action, d.status, d.statusReason, d.generation, outputs, d.currentProgress());
    }

    /**
     * Appends the deployment's item of its server's metadata, with the server's next generation; nothing for a
     * server that is gone (its row was removed with its {@link #tombstone}).
     *
     * @throws DocumentTooLarge (as the Uni's failure) when the item would grow the server's document past
     *                          {@link MetadataLimits}, before anything is written
     */
    Uni<Void> item(SoftwareDeployment d) {
        return locked(d.serverId).chain(row -> row == null ? Uni.createFrom().voidItem() : item(row, d));
    }

    /** {@link #item(SoftwareDeployment)} for a deployment whose server row the transaction holds locked. */
    Uni<Void> item(ServerMetadataRow row, SoftwareDeployment d) {
        return configs.byIds(List.of(d.configId)).chain(byId -> scopes.of(stackIds(List.of(d)))
                .map(found -> items(List.of(d), byId, found)))
                .chain(items -> items.isEmpty() ? Uni.createFrom().voidItem()
                        : outbox.append(itemRow(row, d, items.get(0))));
    }

    /**
     * The outbox row of a deployment's item, not yet written, with its server's next generation; the server row's
     * generation and size and the deployment's item size are set.
     *
     * @throws DocumentTooLarge when a larger item would make the server's document pass {@link MetadataLimits}
     *                          (an item that does not grow is never refused): nothing is changed then
     */
    OutboxEvent itemRow(ServerMetadataRow row, SoftwareDeployment d, DeploymentItem item) {
        int bytes = itemBytes(item);
        OutboxEvent event = itemRow(row, d, item, bytes, d.itemBytes);
        d.itemBytes = bytes;
        return event;
    }

    /** The UTF-8 size of a deployment's item as published, what {@code SoftwareDeployment.itemBytes} holds. */
    static int itemBytes(DeploymentItem item) {
        return (int) DocumentTooLarge.utf8Length(HearthJson.write(item));
    }

    /**
     * {@link #itemRow(ServerMetadataRow, SoftwareDeployment, DeploymentItem)} for an item whose size
     * ({@link #itemBytes}) is known and which replaces one of {@code previousBytes} (0 for a new deployment); the
     * deployment's item size is the caller's to set.
     */
    OutboxEvent itemRow(ServerMetadataRow row, SoftwareDeployment d, DeploymentItem item, int bytes,
            int previousBytes) {
        long total = Math.max(0, row.documentBytes - previousBytes) + bytes;
        if (bytes > previousBytes && total > limits.maxBytes()) {
            throw new DocumentTooLarge(row.serverId, total, limits.maxBytes());
        }
        row.generation++;
        row.documentBytes = total;
        row.updatedAt = Instant.now();
        String key = ServerDeployment.key(row.serverId, d.id.toString());
        return outbox.row("server", key, row.serverId,
                new ServerDeployment(row.serverId, row.stackId, row.tenant, d.id.toString(), row.generation, item));
    }

    /**
     * The deployment left its server: its record without item, with the server's next generation, then a tombstone
     * of its key. Never refused (the document shrinks); nothing for a server that is gone.
     */
    Uni<Void> removed(SoftwareDeployment d) {
        return locked(d.serverId).chain(row -> {
            if (row == null) {
                return Uni.createFrom().voidItem();
            }
            row.generation++;
            row.documentBytes = Math.max(0, row.documentBytes - d.itemBytes);
            row.updatedAt = Instant.now();
            String key = ServerDeployment.key(row.serverId, d.id.toString());
            return outbox.append(outbox.row("server", key, row.serverId, new ServerDeployment(row.serverId,
                    row.stackId, row.tenant, d.id.toString(), row.generation, null)))
                    .chain(() -> outbox.appendTombstone("server", key, Topics.SERVER_DEPLOYMENTS));
        });
    }

    /**
     * Appends the server part of a server's metadata (its stack, tenant and check), with its next generation, for a
     * server whose row the transaction holds locked.
     */
    Uni<Void> server(ServerMetadataRow row) {
        row.generation++;
        row.updatedAt = Instant.now();
        return outbox.append(outbox.row("server", row.serverId, row.serverId,
                new ServerMetadata(row.serverId, row.stackId, row.tenant, row.generation, List.of(), row.checkToken)));
    }

    /**
     * The server is gone: removes its row and appends a tombstone for its key on {@code hearth.server.metadata}
     * and for each of its deployments' keys on {@code hearth.server.deployments}, which follow every record
     * published for them.
     */
    Uni<Void> tombstone(String serverId) {
        return locked(serverId).chain(row -> row == null ? Uni.createFrom().item(List.<SoftwareDeployment>of())
                : servers.delete(row).chain(() -> deployments.onServer(serverId)))
                .chain(deployments -> {
                    Uni<Void> written = outbox.appendTombstone("server", serverId, Topics.SERVER_METADATA);
                    for (SoftwareDeployment d : deployments) {
                        written = written.chain(() -> outbox.appendTombstone("server",
                                ServerDeployment.key(serverId, d.id.toString()), Topics.SERVER_DEPLOYMENTS));
                    }
                    return written;
                });
    }

    /**
     * The server's row, locked until the transaction ends: changes to one server's deployments take turns,
     * so its document generations follow the order of its changes.
     */
    Uni<ServerMetadataRow> locked(String serverId) {
        return servers.lock(serverId);
    }

    /** The metadata API's body, Heat's {@code {"metadata": [items]}} with Heat's creation times. */
    static String document(List<DeploymentItem> items) {
        ObjectNode body = HearthJson.mapper().createObjectNode();
        ArrayNode metadata = body.putArray("metadata");
        for (DeploymentItem item : items) {
            ObjectNode json = HearthJson.mapper().valueToTree(item);
            json.put("creation_time", HeatTime.isotime(item.creationTime()));
            metadata.add(json);
        }
        return HearthJson.write(body);
    }

    /** The server's deployment items in Heat's order (by config name). */
    Uni<List<DeploymentItem>> items(String tenant, String serverId) {
        return deployments.ofTenant(tenant, serverId).chain(found -> {
            List<UUID> configIds = found.stream().map(d -> d.configId).distinct().toList();
            if (configIds.isEmpty()) {
                return Uni.createFrom().item(List.<DeploymentItem>of());
            }
            return configs.byIds(configIds).chain(byId -> scopes.of(stackIds(found))
                    .map(scoped -> items(found, byId, scoped)));
        });
    }

    /**
     * The metadata items of a server's deployments (oldest first) in Heat's order, by config name;
     * {@code configs} holds their configs by id, {@code scopes} the metric scopes of their stacks ({@link #scopes}).
     */
    List<DeploymentItem> items(List<SoftwareDeployment> deployments, Map<UUID, SoftwareConfig> configs,
            Map<String, MetricScope> scopes) {
        return deployments.stream()
                .filter(d -> configs.containsKey(d.configId))
                .sorted(Comparator.comparing(d -> Objects.toString(configs.get(d.configId).name, "")))
                .map(d -> DerivedConfig.item(d, configs.get(d.configId), signalUrl(d, scopes), metricUrl(d, scopes)))
                .toList();
    }

    /** The metric scopes of these deployments' stacks (none for deployments made through the API). */
    Uni<Map<String, MetricScope>> scopes(SqlClient client, Collection<SoftwareDeployment> deployments) {
        return scopes.of(client, stackIds(deployments));
    }

    private static Set<String> stackIds(Collection<SoftwareDeployment> deployments) {
        Set<String> stackIds = new HashSet<>();
        deployments.forEach(d -> {
            if (d.stackId != null) {
                stackIds.add(d.stackId);
            }
        });
        return stackIds;
    }

    /** The deployment's {@code deploy_metric_url}, signed now; null for a deployment of no stack. */
    private String metricUrl(SoftwareDeployment d, Map<String, MetricScope> scopes) {
        MetricScope scope = d.stackId == null ? null : scopes.get(d.stackId);
        return scope == null ? null : metricUrls.url(scope);
    }
}
