package io.hearth.deployment.engine;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.stack.v1.RuntimeRecord;
import io.hearth.contracts.stack.v1.StackAdoptRequested;
import io.hearth.deployment.repository.ServerMetadataRepository;
import io.hearth.deployment.repository.SoftwareConfigRepository;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The rows an adopted resource owned (software config, software deployment, server metadata), checked and put
 * back as its {@link RuntimeRecord} holds them. Kept apart from {@link StackAdoption} so that the check can be
 * read on its own: what makes an adopt fail.
 */
@ApplicationScoped
public class AdoptedRows {

    private final StackRuntimeRepository repository;
    private final SoftwareConfigRepository configRows;
    private final SoftwareDeploymentRepository deploymentRows;
    private final ServerMetadataRepository serverRows;

    public AdoptedRows(StackRuntimeRepository repository, SoftwareConfigRepository configRows,
            SoftwareDeploymentRepository deploymentRows, ServerMetadataRepository serverRows) {
        this.repository = repository;
        this.configRows = configRows;
        this.deploymentRows = deploymentRows;
        this.serverRows = serverRows;
    }

    /** Why the command's records cannot be taken back, or null when they can. */
    public Uni<String> problem(StackAdoptRequested command) {
        List<String> physical = new ArrayList<>();
        List<UUID> configs = new ArrayList<>();
        List<UUID> deployments = new ArrayList<>();
        List<String> servers = new ArrayList<>();
        for (PlannedResource resource : command.plan().resources()) {
            RuntimeRecord record = command.resources().get(resource.name());
            if (record == null || record.version() != RuntimeRecord.VERSION) {
                return Uni.createFrom().item("Resource ADOPT failed: " + resource.name()
                        + ": the adopt data holds no Hearth record of it");
            }
            if (record.physicalId() != null) { // a deployment that ran no action has none
                physical.add(record.physicalId());
            }
            if (record.config() != null) {
                configs.add(uuid(record.config().id()));
            }
            if (record.deployment() != null) {
                deployments.add(uuid(record.deployment().id()));
            }
            if (record.server() != null) {
                servers.add(record.server().serverId());
            }
        }
        if (configs.contains(null) || deployments.contains(null)) {
            return Uni.createFrom().item("Resource ADOPT failed: a software config or deployment id is not a UUID");
        }
        return repository.countWithPhysicalIds(physical)
                .chain(live -> live > 0 ? Uni.createFrom().item("in use")
                        : configRows.count(configs).chain(c -> c > 0 ? Uni.createFrom().item("in use")
                                : deploymentRows.count(deployments).chain(d -> d > 0 ? Uni.createFrom().item("in use")
                                        : serverRows.count(servers).map(s -> s > 0 ? "in use" : null))))
                .map(found -> found == null ? null : "Resource ADOPT failed: the adopt data names resources, software "
                        + "configs, deployments or servers that are in use");
    }

    /** Puts back the rows the record of resource {@code name} holds, as they were. */
    public Uni<Void> restore(StackRuntime stack, String name, RuntimeRecord record) {
        Uni<Void> done = Uni.createFrom().voidItem();
        if (record.config() != null) {
            done = done.chain(() -> configRows.insert(config(stack, record.config())));
        }
        if (record.deployment() != null) {
            done = done.chain(() -> deploymentRows.insert(deployment(stack, name, record.deployment())));
        }
        if (record.server() != null) {
            done = done.chain(() -> serverRows.insert(server(stack, record.server()))).replaceWithVoid();
        }
        return done;
    }

    private static SoftwareConfig config(StackRuntime stack, RuntimeRecord.Config c) {
        SoftwareConfig row = new SoftwareConfig();
        row.id = uuid(c.id());
        row.tenant = stack.tenant;
        row.name = c.name();
        row.group = c.group();
        row.config = json(c.config());
        row.inputs = json(c.inputs() == null ? List.of() : c.inputs());
        row.outputs = json(c.outputs() == null ? List.of() : c.outputs());
        row.options = json(c.options() == null ? Map.of() : c.options());
        row.createdAt = c.createdAt() == null ? Instant.now() : c.createdAt();
        return row;
    }

    private static SoftwareDeployment deployment(StackRuntime stack, String name, RuntimeRecord.Deployment d) {
        SoftwareDeployment row = new SoftwareDeployment();
        row.id = uuid(d.id());
        row.tenant = stack.tenant;
        row.stackId = stack.id.toString();
        row.stackName = stack.name;
        row.resourceName = name;
        row.serverId = d.serverId();
        row.configId = uuid(d.configId());
        row.inputValues = json(d.inputValues() == null ? Map.of() : d.inputValues());
        row.outputValues = json(d.outputValues());
        row.action = d.action();
        row.status = d.status();
        row.statusReason = d.statusReason();
        row.signalTransport = d.signalTransport();
        row.inputKey = d.inputKey();
        row.stackUserProjectId = d.stackUserProjectId();
        row.generation = d.generation();
        row.signalExpiresAt = d.signalExpiresAt();
        row.createdAt = d.createdAt() == null ? Instant.now() : d.createdAt();
        row.updatedAt = d.updatedAt();
        return row;
    }

    private static ServerMetadataRow server(StackRuntime stack, RuntimeRecord.Server s) {
        ServerMetadataRow row = new ServerMetadataRow();
        row.serverId = s.serverId();
        row.tenant = stack.tenant;
        row.stackId = stack.id.toString();
        row.generation = s.generation();
        row.document = s.document();
        row.updatedAt = Instant.now();
        return row;
    }

    private static UUID uuid(String id) {
        return SoftwareConfigStore.uuid(id);
    }

    private static String json(Object value) {
        return value == null ? null : HearthJson.write(value);
    }
}
