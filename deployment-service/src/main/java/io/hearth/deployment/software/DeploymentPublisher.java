package io.hearth.deployment.software;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.DeploymentStatusChanged;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.software.MetricUrls.MetricScope;
import io.hearth.platform.messaging.FlushGate;
import io.hearth.platform.outbox.Outbox;
import io.hearth.platform.outbox.OutboxEvent;
import io.hearth.platform.signing.PresignedUrls;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlClient;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.LockModeType;
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
 * {@code DeploymentStatusChanged} on {@code hearth.stack.events} and its server's whole metadata document,
 * with the next per-server generation, on {@code hearth.server.metadata}; when the server is gone, a
 * tombstone for it there.
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
    private final MetricScopes scopes;
    private final DeploymentRuns runs;

    public DeploymentPublisher(Outbox outbox, PresignedUrls urls, SignalConfig signal, SoftwareConfigStore configs,
            MetadataLimits limits, MetricUrls metricUrls, MetricScopes scopes, DeploymentRuns runs) {
        this.outbox = outbox;
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
     * Appends the server's whole metadata document with its next generation; nothing for a server that is
     * gone (its row was removed with its {@link #tombstone}).
     *
     * @throws DocumentTooLarge (as the Uni's failure) when the document would pass {@link MetadataLimits},
     *                          before anything is written
     */
    Uni<Void> metadata(String serverId) {
        return locked(serverId).chain(row -> row == null ? Uni.createFrom().voidItem() : metadata(row, true));
    }

    /**
     * Appends the server's document after a deployment left it: never refused, since it only shrinks (a
     * document larger than the limit, made before the limit was lowered, can always be made smaller).
     */
    Uni<Void> metadataWithout(String serverId) {
        return locked(serverId).chain(row -> row == null ? Uni.createFrom().voidItem() : metadata(row, false));
    }

    /**
     * The server is gone: removes its row (with its stored document, so the metadata API answers no items)
     * and appends a tombstone for its key on {@code hearth.server.metadata}, which follows every document
     * published for it.
     */
    Uni<Void> tombstone(String serverId) {
        return locked(serverId)
                .chain(row -> row == null ? Uni.createFrom().voidItem() : row.delete())
                .chain(() -> outbox.appendTombstone("server", serverId, Topics.SERVER_METADATA));
    }

    /**
     * The server's row, locked until the transaction ends: changes to one server's deployments take turns,
     * so its document generations follow the order of its changes.
     */
    Uni<ServerMetadataRow> locked(String serverId) {
        // A query, not findById with a lock: Hibernate's lock statement for an entity already in the
        // session names the id column by its attribute (serverId), not by its column (server_id).
        return flushed().chain(() -> ServerMetadataRow.<ServerMetadataRow>find("serverId", serverId)
                .withLock(LockModeType.PESSIMISTIC_WRITE).firstResult());
    }

    /**
     * Writes what the transaction changed so far: the engine writes at commit, and the queries here must see
     * a server row or a deployment made in the same transaction.
     */
    private static Uni<Void> flushed() {
        return ServerMetadataRow.getSession().chain(FlushGate::flush);
    }

    /**
     * Appends the whole metadata document of a server whose row the transaction holds locked, with its next
     * generation, and keeps the document with the row for the metadata API.
     */
    Uni<Void> metadata(ServerMetadataRow row) {
        return metadata(row, true);
    }

    private Uni<Void> metadata(ServerMetadataRow row, boolean checked) {
        return items(row.tenant, row.serverId).chain(items -> {
            row.generation++;
            OutboxEvent event = outbox.row("server", row.serverId, row.serverId, metadataEvent(row, items));
            if (checked) {
                try {
                    check(row.serverId, event);
                } catch (DocumentTooLarge e) {
                    row.generation--; // the row is left as it was
                    throw e;
                }
            }
            row.updatedAt = Instant.now();
            row.document = document(items);
            return outbox.append(event);
        });
    }

    /**
     * The outbox row of a server's whole metadata document, not yet written, for a server row whose
     * generation the caller has set (see {@link #metadata(ServerMetadataRow)}).
     *
     * @throws DocumentTooLarge when it would pass {@link MetadataLimits}
     */
    OutboxEvent metadataRow(ServerMetadataRow row, List<DeploymentItem> items) {
        OutboxEvent event = outbox.row("server", row.serverId, row.serverId, metadataEvent(row, items));
        check(row.serverId, event);
        return event;
    }

    private void check(String serverId, OutboxEvent event) {
        long size = DocumentTooLarge.utf8Length(event.payload);
        if (size > limits.maxBytes()) {
            throw new DocumentTooLarge(serverId, size, limits.maxBytes());
        }
    }

    private static ServerMetadata metadataEvent(ServerMetadataRow row, List<DeploymentItem> items) {
        return new ServerMetadata(row.serverId, row.stackId, row.tenant, row.generation, items, row.checkToken);
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
        return flushed().chain(() -> SoftwareDeployment.<SoftwareDeployment>list("tenant = ?1 and serverId = ?2 order by createdAt, id",
                tenant, serverId).chain(deployments -> {
                    List<UUID> configIds = deployments.stream().map(d -> d.configId).distinct().toList();
                    if (configIds.isEmpty()) {
                        return Uni.createFrom().item(List.<DeploymentItem>of());
                    }
                    return configs.byIds(configIds).chain(byId -> ServerMetadataRow.getSession()
                            .chain(session -> scopes.of(session, stackIds(deployments)))
                            .map(found -> items(deployments, byId, found)));
                }));
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
