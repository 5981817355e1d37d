package io.hearth.deployment.software;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.DeploymentSignal;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.repository.ServerMetadataRepository;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.platform.rest.ApiException;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Software deployments, what Heat's {@code service_software_config} does, plus generations: create,
 * update, signal, delete and the servers' metadata. Every method runs in the caller's transaction (the
 * engine's, or {@code StackSignals}'s); {@link #delete}, which the API also calls directly, opens one
 * when there is none ({@code @WithTransaction} joins the session's transaction); every change appends the deployment's
 * status to the outbox, and every change of what the server's agent runs (a new deployment or
 * generation, a deletion) the deployment's item of its server's metadata too ({@link DeploymentPublisher}).
 */
@ApplicationScoped
public class SoftwareDeployments {

    private static final Logger LOG = Logger.getLogger(SoftwareDeployments.class);

    /**
     * Hearth's own deploy action: a deployment whose {@code actions} hold it runs it, instead of UPDATE, when a
     * resource its inputs read changed (docs/contextualization.md).
     */
    public static final String CONTEXTUALIZE = "CONTEXTUALIZE";

    /** Heat's default signal transport for deployments. */
    public static final String CFN_SIGNAL = "CFN_SIGNAL";

    private final SoftwareConfigStore configs;
    private final DeploymentPublisher publisher;
    private final SignalConfig signalConfig;
    private final DeploymentMeters meters;
    private final SoftwareDeploymentRepository deployments;
    private final ServerMetadataRepository servers;

    public SoftwareDeployments(SoftwareConfigStore configs, DeploymentPublisher publisher, SignalConfig signalConfig,
            DeploymentMeters meters, SoftwareDeploymentRepository deployments, ServerMetadataRepository servers) {
        this.configs = configs;
        this.deployments = deployments;
        this.servers = servers;
        this.meters = meters;
        this.publisher = publisher;
        this.signalConfig = signalConfig;
    }

    /** The engine's create: a deployment of a stack's resource, IN_PROGRESS (COMPLETE for NO_SIGNAL). */
    public Uni<SoftwareDeployment> create(String tenant, String stackId, String resourceName, String serverId,
            String configId, JsonNode inputValues, String action, String signalTransport) {
        return create(new NewDeployment(tenant, stackId, null, resourceName, serverId, configId, inputValues,
                action, signalTransport, null, null, null, null));
    }

    /**
     * Creates a deployment at generation 1. When its server's document would grow past {@link MetadataLimits},
     * fails with {@link DocumentTooLarge} having written nothing of it (the engine's transaction goes on).
     */
    public Uni<SoftwareDeployment> create(NewDeployment spec) {
        return config(spec.tenant(), spec.configId()).chain(config -> create(spec, config));
    }

    /** {@link #create(NewDeployment)} with its config, the tenant's, read by the caller in this transaction. */
    public Uni<SoftwareDeployment> create(NewDeployment spec, SoftwareConfig config) {
        return claimServer(spec.tenant(), spec.serverId(), spec.stackId()).chain(server -> {
            SoftwareDeployment created = newDeployment(spec, config);
            return deployments.insert(created)
                    .call(() -> publisher.item(server, created)
                            .onFailure(DocumentTooLarge.class).call(() -> deployments.delete(created)))
                    .call(() -> publisher.status(created)).replaceWith(created);
        });
    }

    /** A new deployment at generation 1, not yet stored; {@code config} is the tenant's config it names. */
    SoftwareDeployment newDeployment(NewDeployment spec, SoftwareConfig config) {
        SoftwareDeployment d = new SoftwareDeployment();
        d.id = UUID.randomUUID();
        d.tenant = spec.tenant();
        d.stackId = spec.stackId();
        d.stackName = spec.stackName();
        d.resourceName = spec.resourceName();
        d.serverId = spec.serverId();
        d.configId = config.id;
        d.inputValues = HearthJson.write(spec.inputValues() == null
                ? JsonNodeFactory.instance.objectNode() : spec.inputValues());
        d.action = spec.action();
        d.signalTransport = spec.signalTransport() == null ? CFN_SIGNAL : spec.signalTransport();
        d.inputKey = spec.inputKey();
        d.stackUserProjectId = spec.stackUserProjectId();
        d.createdAt = Instant.now();
        d.generation = 1;
        startGeneration(d, spec.status(), spec.statusReason());
        return d;
    }

    /**
     * Heat's update: the given fields change. A new config, new input values or an action asked for start
     * the next generation (IN_PROGRESS unless a status is given, outputs cleared). A terminal status on a
     * deployment whose current generation is terminal already is a repeated signal: recorded, nothing changes.
     */
    public Uni<SoftwareDeployment> update(String tenant, String id, DeploymentChange change) {
        return lockedInTenant(tenant, id).chain(d -> {
            Fields before = Fields.of(d);
            Uni<SoftwareConfig> config = change.configId() == null ? Uni.createFrom().nullItem()
                    : configs.find(tenant, change.configId(), d.configId)
                            .map(found -> requireConfig(found, change.configId()));
            return config.chain(newConfig -> {
                Applied applied = apply(d, change, newConfig);
                Uni<Void> recorded = applied.recorded() == null ? Uni.createFrom().voidItem()
                        : deployments.insertSignal(applied.recorded());
                if (applied.recorded() != null && !applied.changed()) {
                    return recorded.replaceWith(d);
                }
                if (applied.recorded() != null) {
                    meters.ended(d); // a terminal status through the API or the engine (a cancel, say)
                }
                // Only a new generation changes the server's metadata: its items hold no status or outputs.
                return recorded.chain(() -> applied.rerun() ? publish(d, before) : publisher.status(d)).replaceWith(d);
            });
        });
    }

    /**
     * What an update does to a deployment (see {@link #update}), applied to {@code d} in memory.
     *
     * @param changed  whether {@code d} changed (a repeated terminal status changes nothing)
     * @param rerun    whether it starts its next generation, which changes its server's metadata
     * @param recorded the signal row to store for a terminal status, or null
     */
    record Applied(boolean changed, boolean rerun, DeploymentSignal recorded) {
    }

    /**
     * Applies an update to a deployment in memory; {@code newConfig} is the tenant's config that
     * {@code change} names, or null. A terminal status on a terminal deployment that does not run again is a
     * repeat: recorded as DUPLICATE, nothing else changes.
     */
    Applied apply(SoftwareDeployment d, DeploymentChange change, SoftwareConfig newConfig) {
        String inputs = change.inputValues() == null ? null : HearthJson.write(change.inputValues());
        boolean rerun = (newConfig != null && !newConfig.id.equals(d.configId))
                || (inputs != null && !HearthJson.readTree(inputs).equals(HearthJson.readTree(d.inputValues)))
                || change.action() != null;
        if (!rerun && Status.ended(change.status()) && Status.ended(d.status)) {
            return new Applied(false, false, signalRow(d.id.toString(), d.action, d.generation,
                    SignalOutcome.DUPLICATE, null, change.outputValues()));
        }
        if (newConfig != null) {
            d.configId = newConfig.id;
        }
        if (inputs != null) {
            d.inputValues = inputs;
        }
        if (change.action() != null) {
            d.action = change.action();
        }
        d.updatedAt = Instant.now();
        if (rerun) {
            d.generation++;
            d.outputValues = null;
            startGeneration(d, change.status(), change.statusReason());
        } else {
            d.status = change.status() != null ? change.status() : d.status;
            d.statusReason = change.statusReason() != null ? change.statusReason() : d.statusReason;
        }
        if (change.outputValues() != null) {
            d.outputValues = HearthJson.write(change.outputValues());
        }
        DeploymentSignal recorded = !rerun && Status.ended(change.status())
                ? signalRow(d.id.toString(), d.action, d.generation, SignalOutcome.APPLIED, null,
                        change.outputValues())
                : null;
        return new Applied(true, rerun, recorded);
    }

    /**
     * Applies a hook's signal: the first terminal signal of the deployment's current (action, generation)
     * decides COMPLETE or FAILED (see {@link SignalEvaluation}); a repeat, or a signal of another action or
     * generation, is recorded, logged and changes nothing. Locks the deployment's row (after its stack's, when
     * the engine calls).
     *
     * @return the deployment when the signal decided its status; else null
     */
    public Uni<SoftwareDeployment> signal(DeploymentSignalled signal) {
        UUID uuid = SoftwareConfigStore.uuid(signal.deploymentId());
        Uni<SoftwareDeployment> found = uuid == null ? Uni.createFrom().nullItem()
                : deployments.lock(uuid);
        return found.chain(d -> {
            SignalOutcome outcome = d == null ? SignalOutcome.UNKNOWN_DEPLOYMENT
                    : signal.generation() != d.generation || !Objects.equals(signal.action(), d.action)
                            ? SignalOutcome.STALE
                            : Status.IN_PROGRESS.is(d.status) ? SignalOutcome.APPLIED : SignalOutcome.DUPLICATE;
            Uni<Void> recorded = record(signal.deploymentId(), signal.action(), signal.generation(), outcome,
                    signal.deployStatusCode(), details(signal));
            if (outcome != SignalOutcome.APPLIED) {
                LOG.infof("signal of deployment %s (%s, generation %d) was %s: nothing changes",
                        signal.deploymentId(), signal.action(), signal.generation(), outcome);
                return recorded.replaceWith(Uni.createFrom().<SoftwareDeployment>nullItem());
            }
            return recorded.chain(() -> configs.used(d.configId)).chain(config -> {
                JsonNode declared = config == null ? JsonNodeFactory.instance.arrayNode()
                        : HearthJson.readTree(config.outputs);
                SignalEvaluation result = SignalEvaluation.of(declared, signal.deployStatusCode(),
                        signal.deployStdout(), signal.deployStderr(), signal.outputs());
                d.status = result.status().name();
                d.statusReason = result.statusReason();
                d.outputValues = HearthJson.write(result.outputValues());
                d.updatedAt = signal.receivedAt() == null ? Instant.now() : signal.receivedAt();
                meters.ended(d);
                return publisher.status(d);
            }).replaceWith(d);
        });
    }

    /** Deletes a deployment and publishes its removal from its server's metadata, in one transaction. */
    @WithTransaction
    public Uni<Void> delete(String tenant, String id) {
        return lockedInTenant(tenant, id)
                .call(d -> deployments.delete(d))
                .chain(publisher::removed);
    }

    /**
     * A server was deleted: its metadata is forgotten (its row goes) and its keys on {@code hearth.server.metadata}
     * and {@code hearth.server.deployments} get tombstones. Deployments still naming the server
     * are kept, as Heat keeps them, but publish no metadata any more.
     */
    public Uni<Void> serverDeleted(String serverId) {
        return publisher.tombstone(serverId);
    }

    /**
     * Asks a server's agent to show that it is there (a stack CHECK of the server): the server part of its metadata
     * is published with {@code token} as its check ({@code ServerMetadata.check}), and the gateway reports the
     * first poll that is served it. A server nobody deployed to gets its row, and a document without deployments.
     */
    public Uni<Void> requestCheck(String tenant, String stackId, String serverId, String token) {
        return claimServer(tenant, serverId, stackId).chain(row -> {
            row.checkToken = token;
            return publisher.server(row);
        });
    }

    /**
     * Fails a deployment whose hook did not signal in time (Hearth's per-deployment {@code timeout}): when it
     * is still IN_PROGRESS, it becomes FAILED with {@code reason} and its status is published; a signal
     * arriving later finds it terminal and is recorded as DUPLICATE. Locks the deployment's row first (a
     * signal applied meanwhile wins) and answers the deployment as it is then, never IN_PROGRESS, or null
     * when it is gone.
     */
    public Uni<SoftwareDeployment> timedOut(UUID id, String reason) {
        return deployments.lock(id).chain(d -> {
            if (d == null || !Status.IN_PROGRESS.is(d.status)) {
                return Uni.createFrom().item(d);
            }
            d.status = Status.FAILED.name();
            d.statusReason = reason;
            d.updatedAt = Instant.now();
            meters.ended(d, DeploymentMeters.Ending.TIMED_OUT);
            return publisher.status(d).replaceWith(d);
        });
    }

    /** A tenant's deployment, or 404 with Heat's message. */
    public Uni<SoftwareDeployment> find(String tenant, String id) {
        UUID uuid = SoftwareConfigStore.uuid(id);
        Uni<SoftwareDeployment> found = uuid == null ? Uni.createFrom().nullItem() : deployments.find(uuid);
        return found.map(d -> requireTenant(d, tenant, id));
    }

    /** A tenant's deployments, oldest first, of one server when {@code serverId} is given. */
    public Uni<List<SoftwareDeployment>> list(String tenant, String serverId) {
        return deployments.ofTenant(tenant, serverId);
    }

    /**
     * Heat's {@code metadata_software_deployments} as the API's body: the tenant's items on the server, ordered by
     * config name, rendered from its deployments (a read; the hot path publishes items one by one). Another
     * tenant's server, and a server that is gone, have no items.
     */
    public Uni<String> metadata(String tenant, String serverId) {
        return Panache.withSession(() -> servers.find(serverId)
                .chain(row -> row == null || !row.tenant.equals(tenant)
                        ? Uni.createFrom().item(DeploymentPublisher.document(List.of()))
                        : publisher.items(tenant, serverId).map(DeploymentPublisher::document)));
    }

    /** The deployment's pre-signed signal URL for its current generation. */
    public String signalUrl(SoftwareDeployment deployment) {
        return publisher.signalUrl(deployment);
    }

    /** Starts the deployment's current generation: IN_PROGRESS (COMPLETE for NO_SIGNAL) unless a status is given. */
    void startGeneration(SoftwareDeployment d, String status, String reason) {
        boolean noSignal = DerivedConfig.NO_SIGNAL.equals(d.signalTransport);
        d.status = status != null ? status : (noSignal ? Status.COMPLETE : Status.IN_PROGRESS).name();
        d.statusReason = reason != null ? reason
                : noSignal ? "Not waiting for outputs signal" : "Deploy data available";
        d.signalExpiresAt = Instant.now().plus(signalConfig.urlTtl());
    }

    /**
     * The deployment's new item first, then its status; when the server's document would pass
     * {@link MetadataLimits}, the deployment gets back its fields {@code before} (the engine's transaction goes
     * on and must not store a generation no document announces) and the failure is {@link DocumentTooLarge}.
     */
    private Uni<Void> publish(SoftwareDeployment d, Fields before) {
        return publisher.item(d)
                .onFailure(DocumentTooLarge.class).invoke(() -> before.restore(d))
                .chain(() -> publisher.status(d));
    }

    /** What an update may change of a deployment, to put back when it is refused. */
    private record Fields(UUID configId, String inputValues, String outputValues, String action, String status,
            String statusReason, long generation, Instant signalExpiresAt, Instant updatedAt) {

        static Fields of(SoftwareDeployment d) {
            return new Fields(d.configId, d.inputValues, d.outputValues, d.action, d.status, d.statusReason,
                    d.generation, d.signalExpiresAt, d.updatedAt);
        }

        void restore(SoftwareDeployment d) {
            d.configId = configId;
            d.inputValues = inputValues;
            d.outputValues = outputValues;
            d.action = action;
            d.status = status;
            d.statusReason = statusReason;
            d.generation = generation;
            d.signalExpiresAt = signalExpiresAt;
            d.updatedAt = updatedAt;
        }
    }

    private Uni<SoftwareConfig> config(String tenant, String configId) {
        return configs.find(tenant, configId).map(config -> requireConfig(config, configId));
    }

    /** The config found for {@code configId}, or 404 with Heat's message when there is none. */
    static SoftwareConfig requireConfig(SoftwareConfig config, String configId) {
        if (config == null) {
            throw new ApiException(404, "NotFound", "Software config with id " + configId + " not found");
        }
        return config;
    }

    /**
     * A stack made a server: its row is made at once, the stack's (so that the stack holds it in the tree cache, and
     * the server's first deployment finds it there rather than asking the database for a row that is not there).
     */
    public Uni<Void> serverCreated(String tenant, String stackId, String serverId) {
        return servers.insert(newServer(tenant, serverId, stackId)).replaceWithVoid();
    }

    /**
     * The first deployment to a server claims it for its tenant; another tenant's server is not found. The
     * server's row stays locked until the transaction ends (see {@link DeploymentPublisher#locked}).
     */
    private Uni<ServerMetadataRow> claimServer(String tenant, String serverId, String stackId) {
        return publisher.locked(serverId).chain(row -> {
            if (row != null && !row.tenant.equals(tenant)) {
                return Uni.createFrom().failure(serverNotFound(serverId));
            }
            if (row != null) {
                if (row.stackId == null && stackId != null) {
                    row.stackId = stackId;
                }
                return Uni.createFrom().item(row);
            }
            return servers.insert(newServer(tenant, serverId, stackId));
        });
    }

    private static ServerMetadataRow newServer(String tenant, String serverId, String stackId) {
        ServerMetadataRow created = new ServerMetadataRow();
        created.serverId = serverId;
        created.tenant = tenant;
        created.stackId = stackId;
        created.generation = 0;
        created.updatedAt = Instant.now();
        return created;
    }

    /** Another tenant's server: Heat's answer for a server it cannot see. */
    static ApiException serverNotFound(String serverId) {
        return new ApiException(404, "EntityNotFound", "The Server (" + serverId + ") could not be found.");
    }

    /** The tenant's deployment, its row locked until the transaction ends; 404 when it is not the tenant's. */
    Uni<SoftwareDeployment> lockedInTenant(String tenant, String id) {
        UUID uuid = SoftwareConfigStore.uuid(id);
        Uni<SoftwareDeployment> found = uuid == null ? Uni.createFrom().nullItem() : deployments.lock(uuid);
        return found.map(d -> requireTenant(d, tenant, id));
    }

    static SoftwareDeployment requireTenant(SoftwareDeployment d, String tenant, String id) {
        if (d == null || !d.tenant.equals(tenant)) {
            throw deploymentNotFound(id);
        }
        return d;
    }

    /** Heat's answer for a deployment the tenant cannot see. */
    static ApiException deploymentNotFound(String id) {
        return new ApiException(404, "NotFound", "Deployment with id " + id + " not found");
    }

    private Uni<Void> record(String deploymentId, String action, long generation, SignalOutcome outcome,
            Integer statusCode, JsonNode details) {
        return deployments.insertSignal(signalRow(deploymentId, action, generation, outcome, statusCode, details));
    }

    /** The record of a signal (or of a terminal status the API set), not yet stored. */
    private static DeploymentSignal signalRow(String deploymentId, String action, long generation,
            SignalOutcome outcome, Integer statusCode, JsonNode details) {
        DeploymentSignal row = new DeploymentSignal();
        row.id = UUID.randomUUID();
        row.deploymentId = deploymentId;
        row.action = action;
        row.generation = generation;
        row.outcome = outcome.name();
        row.statusCode = statusCode;
        row.details = details == null ? null : HearthJson.write(details);
        row.receivedAt = Instant.now();
        return row;
    }

    private static ObjectNode details(DeploymentSignalled signal) {
        ObjectNode details = HearthJson.mapper().valueToTree(signal.outputs() == null ? java.util.Map.of()
                : signal.outputs());
        details.put("deploy_stdout", signal.deployStdout());
        details.put("deploy_stderr", signal.deployStderr());
        details.put("deploy_status_code", signal.deployStatusCode());
        return details;
    }
}
