package io.hearth.deployment.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.v1.RuntimeRecord;
import io.hearth.deployment.repository.ServerMetadataRepository;
import io.hearth.deployment.repository.SoftwareConfigRepository;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * Reads a stack's runtime for abandon (Heat's {@code prepare_abandon}): every current resource row with the
 * software config, deployment or server metadata row its physical id names, and nested stacks the same way. It only
 * reads; what is read is found by the rows' ids, so no resource type needs to know about abandon.
 */
@ApplicationScoped
public class StackRuntimeExport {

    private final StackRuntimeRepository repository;
    private final SoftwareConfigRepository configRows;
    private final SoftwareDeploymentRepository deploymentRows;
    private final ServerMetadataRepository serverRows;

    public StackRuntimeExport(StackRuntimeRepository repository, SoftwareConfigRepository configRows,
            SoftwareDeploymentRepository deploymentRows, ServerMetadataRepository serverRows) {
        this.repository = repository;
        this.configRows = configRows;
        this.deploymentRows = deploymentRows;
        this.serverRows = serverRows;
    }

    /** The stack's export; its nested stacks' too. */
    public Uni<StackExport> export(StackRuntime stack) {
        return repository.currentRows(stack.id).chain(rows -> records(rows).chain(records -> nested(stack, rows).map(nested ->
                        new StackExport(stack.id.toString(), stack.name, stack.action.name(), stack.status.name(),
                                records, nested))));
    }

    private Uni<Map<String, RuntimeRecord>> records(List<ResourceRuntime> rows) {
        List<String> ids = rows.stream().map(row -> row.physicalId).filter(id -> id != null).toList();
        List<UUID> uuids = ids.stream().map(SoftwareConfigStore::uuid).filter(id -> id != null).toList();
        Uni<List<SoftwareConfig>> configs = configRows.list(uuids);
        Uni<List<SoftwareDeployment>> deployments = deploymentRows.list(uuids);
        Uni<List<ServerMetadataRow>> servers = serverRows.list(ids);
        return configs.chain(c -> deployments.chain(d -> servers.map(s -> {
            Map<String, RuntimeRecord> out = new LinkedHashMap<>();
            for (ResourceRuntime row : rows) {
                out.put(row.name, record(row, find(c, x -> x.id.toString(), row.physicalId),
                        find(d, x -> x.id.toString(), row.physicalId), find(s, x -> x.serverId, row.physicalId)));
            }
            return out;
        })));
    }

    /** The nested stack each current row owns (its physical id), by the row's name; stacks it owned before are left. */
    private Uni<Map<String, StackExport>> nested(StackRuntime stack, List<ResourceRuntime> rows) {
        return repository.children(stack.id).chain(children -> {
            Map<String, StackExport> out = new LinkedHashMap<>();
            List<Map.Entry<String, StackRuntime>> owned = new ArrayList<>();
            for (ResourceRuntime row : rows) {
                children.stream().filter(child -> child.id.toString().equals(row.physicalId)).findFirst()
                        .ifPresent(child -> owned.add(Map.entry(row.name, child)));
            }
            return StackEngine.each(owned, entry -> export(entry.getValue())
                    .invoke(e -> out.put(entry.getKey(), e)).replaceWithVoid()).replaceWith(out);
        });
    }

    /** The record of one row and the rows it owns (any of which may be null). */
    static RuntimeRecord record(ResourceRuntime row, SoftwareConfig config, SoftwareDeployment deployment,
            ServerMetadataRow server) {
        return new RuntimeRecord(RuntimeRecord.VERSION, row.type, row.action.name(), row.status.name(), row.physicalId,
                row.referenceId, tree(row.attributes), tree(row.data), tree(row.properties),
                row.dependsOnNames(), config == null ? null : config(config),
                deployment == null ? null : deployment(deployment),
                server == null ? null : new RuntimeRecord.Server(server.serverId, server.generation, server.document));
    }

    static RuntimeRecord.Config config(SoftwareConfig c) {
        return new RuntimeRecord.Config(c.id.toString(), c.name, c.group, tree(c.config), tree(c.inputs),
                tree(c.outputs), tree(c.options), c.createdAt);
    }

    static RuntimeRecord.Deployment deployment(SoftwareDeployment d) {
        return new RuntimeRecord.Deployment(d.id.toString(), d.serverId, d.configId.toString(), tree(d.inputValues),
                tree(d.outputValues), d.action, d.status, d.statusReason, d.signalTransport, d.inputKey,
                d.stackUserProjectId, d.generation, d.signalExpiresAt, d.createdAt, d.updatedAt);
    }

    private static JsonNode tree(String json) {
        return json == null ? null : HearthJson.readTree(json);
    }

    private static <T> T find(List<T> rows, Function<T, String> key, String id) {
        return id == null ? null : rows.stream().filter(row -> id.equals(key.apply(row))).findFirst().orElse(null);
    }
}
