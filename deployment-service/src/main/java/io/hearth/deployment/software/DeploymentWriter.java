package io.hearth.deployment.software;

import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.deployment.domain.DeploymentSignal;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.repository.DeploymentRows;
import io.hearth.deployment.software.MetricUrls.MetricScope;
import io.hearth.platform.outbox.OutboxEvent;
import io.hearth.platform.outbox.OutboxWriter;
import io.micrometer.core.instrument.DistributionSummary;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.subscription.UniEmitter;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.sqlclient.Transaction;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.Function;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The deployments API's writes with group commit: creates, and updates of deployments no stack owns (an
 * agent's PUT of its outputs above all), that arrive while a transaction is under way wait for it and then
 * go together in the next one, in plain SQL on the reactive pool ({@link DeploymentRows}): each created or
 * rerun deployment's item of its server's metadata is published with its server's next generation (nothing
 * else of the server is read or rendered), and the outbox rows go in one batch with one NOTIFY. What each request
 * does is decided by the same code as the engine's path ({@link SoftwareDeployments#newDeployment},
 * {@link SoftwareDeployments#apply}, {@link DeploymentPublisher}), and written with the same columns and
 * statements. A request that is refused (another tenant's server, an unknown config)
 * changes nothing and the others go on; when a statement fails, each request of the batch is tried again
 * alone, so one bad request never fails another. A caller is answered only after the commit.
 */
@ApplicationScoped
public class DeploymentWriter {

    /** Most requests in one transaction. */
    static final int MAX_BATCH = 64;

    private final Pool pool;
    private final DeploymentRows rows;
    private final SoftwareDeployments deployments;
    private final DeploymentPublisher publisher;
    private final SoftwareConfigStore configs;
    private final OutboxWriter outbox;
    private final Queue<Request> queue = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean running = new AtomicBoolean();
    private final DistributionSummary batches;

    public DeploymentWriter(Pool pool, DeploymentRows rows, SoftwareDeployments deployments,
            DeploymentPublisher publisher, SoftwareConfigStore configs, OutboxWriter outbox, MeterRegistry registry) {
        this.batches = DistributionSummary.builder("hearth.deployments.batch.size")
                .description("Requests of the deployments API written in one transaction").register(registry);
        this.pool = pool;
        this.rows = rows;
        this.deployments = deployments;
        this.publisher = publisher;
        this.configs = configs;
        this.outbox = outbox;
    }

    /** Creates a deployment made through the API (no stack owns it) at generation 1. */
    public Uni<SoftwareDeployment> create(NewDeployment spec) {
        return submit(new Create(spec));
    }

    /**
     * Updates a deployment as {@link SoftwareDeployments#update} does; answers null, changing nothing, for a
     * deployment a stack owns: its update must also end its resource's wait, which the engine's
     * transaction does.
     */
    public Uni<SoftwareDeployment> update(String tenant, String id, DeploymentChange change) {
        return submit(new Update(tenant, id, change));
    }

    private Uni<SoftwareDeployment> submit(Request request) {
        return Uni.createFrom().emitter(emitter -> {
            request.emitter = emitter;
            request.context = Vertx.currentContext();
            queue.add(request);
            drain();
        });
    }

    private void drain() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        List<Request> batch = new ArrayList<>();
        for (Request next = queue.poll(); next != null; next = batch.size() < MAX_BATCH ? queue.poll() : null) {
            batch.add(next);
        }
        if (batch.isEmpty()) {
            running.set(false);
            if (!queue.isEmpty()) {
                drain();
            }
            return;
        }
        batches.record(batch.size());
        run(batch).subscribe().with(done -> next(), failure -> next());
    }

    private void next() {
        running.set(false);
        drain();
    }

    /** One transaction for the batch; when it fails, each request alone. Answers every request. */
    private Uni<Void> run(List<Request> batch) {
        return inTransaction(connection -> write(connection, batch))
                .onItemOrFailure().transformToUni((done, failure) -> {
                    if (failure == null) {
                        batch.forEach(Request::answer);
                        return Uni.createFrom().voidItem();
                    }
                    if (batch.size() == 1) {
                        batch.get(0).fail(failure);
                        return Uni.createFrom().voidItem();
                    }
                    return Multi.createFrom().iterable(batch)
                            .onItem().transformToUniAndConcatenate(request -> run(List.of(request)))
                            .collect().last().replaceWithVoid();
                });
    }

    /**
     * The work in a transaction whose BEGIN goes out together with the work's first statements (the client pipelines
     * them; {@code Pool.withTransaction} waits for BEGIN's answer first, a round trip of every batch): committed when
     * the work succeeds, else rolled back.
     */
    private Uni<Void> inTransaction(Function<SqlConnection, Uni<Void>> work) {
        return pool.getConnection().chain(connection -> {
            Future<Transaction> begun = connection.getDelegate().begin();
            return Uni.createFrom().deferred(() -> work.apply(connection))
                    .call(() -> Uni.createFrom().completionStage(begun.toCompletionStage()))
                    .call(() -> Uni.createFrom().completionStage(() -> begun.result().commit().toCompletionStage()))
                    // Rolled back once BEGIN has answered (a statement may fail before it did).
                    .onFailure().call(() -> Uni.createFrom().completionStage(() -> begun.transform(begin ->
                            begin.succeeded() ? begin.result().rollback() : Future.<Void>succeededFuture())
                            .toCompletionStage()).onFailure().recoverWithNull())
                    .eventually(connection::close);
        });
    }

    /**
     * The batch's statements: the updated deployments locked (none for creates); then, in one pipeline, the servers
     * claimed, the deployments written (each with the size of its new item, made before) and the signals recorded;
     * then the servers' generations and the outbox rows. A batch that publishes no item (agents' signals) writes its
     * outbox rows in that pipeline already. With BEGIN sent with the first statements, a batch of creates and a batch
     * of signals each take three round trips, COMMIT included.
     */
    private Uni<Void> write(SqlConnection connection, List<Request> batch) {
        batch.forEach(Request::reset);
        Set<UUID> updated = new TreeSet<>();
        for (Request request : batch) {
            if (request instanceof Update update && update.uuid != null) {
                updated.add(update.uuid);
            }
        }
        Uni<DeploymentRows.Locked> locked = updated.isEmpty() ? Uni.createFrom().item(new DeploymentRows.Locked())
                : rows.lock(connection, updated);
        return locked.chain(found -> configs.byIds(connection, configIds(batch, found)).chain(byId -> {
            Changes changes = new Changes();
            for (Request request : batch) {
                request.decide(this, found, byId, changes);
            }
            return publisher.scopes(connection, changes.published).chain(scopes -> {
                changes.itemize(publisher, byId, scopes);
                boolean statusesOnly = changes.items.isEmpty() && changes.creates.isEmpty();
                // One pipeline, run in this order; a create goes in only when its server's row (just claimed) is its
                // tenant's, as refuseOtherTenants decides from the claims' answer.
                return Uni.combine().all().unis(rows.claimServers(connection, changes.claims),
                        rows.insert(connection, changes.created), rows.update(connection, found),
                        rows.insertSignals(connection, changes.signals),
                        statusesOnly ? outbox.write(connection, changes.statusRows(publisher)) : Uni.createFrom().voidItem())
                        .with((servers, inserted, updatedRows, signals, statuses) -> servers)
                        .chain(servers -> statusesOnly ? Uni.createFrom().voidItem() : publish(connection, changes, servers));
            });
        }));
    }

    /** The configs the batch's requests name, and those of the deployments it updates (their items may be rerun). */
    private static Set<UUID> configIds(List<Request> batch, DeploymentRows.Locked found) {
        Set<UUID> ids = new HashSet<>();
        for (Request request : batch) {
            UUID config = SoftwareConfigStore.uuid(request.configId());
            if (config != null) {
                ids.add(config);
            }
            SoftwareDeployment d = request instanceof Update update ? found.get(update.uuid) : null;
            if (d != null) {
                ids.add(d.configId);
            }
        }
        return ids;
    }

    /**
     * Each changed deployment's status, then the item of each deployment whose server's agent has something new to
     * run (a create, a new generation), each with its server's next generation: the batch's own deployments only,
     * whatever else their servers hold.
     */
    private Uni<Void> publish(SqlConnection connection, Changes changes, Map<String, ServerMetadataRow> servers) {
        changes.refuseOtherTenants(servers);
        List<OutboxEvent> events = changes.statusRows(publisher);
        Map<String, ServerMetadataRow> touched = new LinkedHashMap<>();
        changes.items.forEach((d, item) -> {
            ServerMetadataRow server = servers.get(d.serverId);
            events.add(publisher.itemRow(server, d, item.item(), item.bytes(), item.previousBytes()));
            touched.put(server.serverId, server);
        });
        return Uni.combine().all().unis(rows.updateServers(connection, touched.values()),
                outbox.write(connection, events)).discardItems();
    }

    /** A deployment's item to publish, its size, and the size of the item it replaces (0 for a new deployment). */
    private record Item(DeploymentItem item, int bytes, int previousBytes) {
    }

    /** What a batch writes, gathered from its requests. */
    private static final class Changes {
        /** Servers to claim (made for their first tenant, or locked) with the tenant that deploys to them. */
        final Map<String, String> claims = new LinkedHashMap<>();
        final List<Create> creates = new ArrayList<>();
        final List<SoftwareDeployment> created = new ArrayList<>();
        final List<DeploymentSignal> signals = new ArrayList<>();
        final List<SoftwareDeployment> statuses = new ArrayList<>();
        /** The deployments whose items to publish: creates and new generations. */
        final List<SoftwareDeployment> published = new ArrayList<>();
        /** Their items, made before anything is written: each deployment is written with its new item's size. */
        final Map<SoftwareDeployment, Item> items = new LinkedHashMap<>();

        void itemize(DeploymentPublisher publisher, Map<UUID, SoftwareConfig> configs, Map<String, MetricScope> scopes) {
            for (SoftwareDeployment d : published) {
                List<DeploymentItem> item = publisher.items(List.of(d), configs, scopes);
                if (!item.isEmpty()) {
                    int bytes = DeploymentPublisher.itemBytes(item.get(0));
                    items.put(d, new Item(item.get(0), bytes, d.itemBytes));
                    d.itemBytes = bytes;
                }
            }
        }

        List<OutboxEvent> statusRows(DeploymentPublisher publisher) {
            List<OutboxEvent> events = new ArrayList<>();
            statuses.forEach(d -> events.add(publisher.statusRow(d)));
            return events;
        }

        /** A create to another tenant's server is refused; nothing of it was written (the insert checks the tenant). */
        void refuseOtherTenants(Map<String, ServerMetadataRow> servers) {
            for (Create create : creates) {
                if (!servers.get(create.spec.serverId()).tenant.equals(create.spec.tenant())) {
                    create.refused = SoftwareDeployments.serverNotFound(create.spec.serverId());
                    created.remove(create.deployment);
                    statuses.remove(create.deployment);
                    items.remove(create.deployment);
                    create.deployment = null;
                }
            }
        }
    }

    /** A request waiting for its transaction; answered on the context it came from. */
    private abstract static class Request {
        UniEmitter<? super SoftwareDeployment> emitter;
        Context context;
        /** The deployment to answer with, decided in the transaction; null for an update a stack owns. */
        SoftwareDeployment deployment;
        /** Why it is refused, decided in the transaction; nothing of it is written then. */
        RuntimeException refused;

        abstract String configId();

        abstract void decide(DeploymentWriter writer, DeploymentRows.Locked locked,
                Map<UUID, SoftwareConfig> configs, Changes changes);

        void reset() {
            deployment = null;
            refused = null;
        }

        void answer() {
            if (refused != null) {
                fail(refused);
            } else {
                respond(() -> emitter.complete(deployment));
            }
        }

        void fail(Throwable failure) {
            respond(() -> emitter.fail(failure));
        }

        private void respond(Runnable response) {
            if (context == null) {
                response.run();
            } else {
                context.runOnContext(nothing -> response.run());
            }
        }

        /** The tenant's config, or 404 with Heat's message. */
        static SoftwareConfig config(Map<UUID, SoftwareConfig> configs, String tenant, String configId) {
            UUID id = SoftwareConfigStore.uuid(configId);
            return SoftwareDeployments.requireConfig(
                    SoftwareConfigStore.ofTenant(id == null ? null : configs.get(id), tenant), configId);
        }
    }

    private static final class Create extends Request {
        final NewDeployment spec;

        Create(NewDeployment spec) {
            this.spec = spec;
        }

        @Override
        String configId() {
            return spec.configId();
        }

        @Override
        void decide(DeploymentWriter writer, DeploymentRows.Locked locked, Map<UUID, SoftwareConfig> configs,
                Changes changes) {
            try {
                deployment = writer.deployments.newDeployment(spec, config(configs, spec.tenant(), spec.configId()));
            } catch (RuntimeException e) {
                refused = e;
                return;
            }
            changes.claims.putIfAbsent(spec.serverId(), spec.tenant());
            changes.creates.add(this);
            changes.created.add(deployment);
            changes.statuses.add(deployment);
            changes.published.add(deployment);
        }
    }

    private static final class Update extends Request {
        final String tenant;
        final String id;
        /** The id as a UUID, or null when it is none (such a deployment is not found). */
        final UUID uuid;
        final DeploymentChange change;

        Update(String tenant, String id, DeploymentChange change) {
            this.tenant = tenant;
            this.id = id;
            this.uuid = SoftwareConfigStore.uuid(id);
            this.change = change;
        }

        @Override
        String configId() {
            return change.configId();
        }

        @Override
        void decide(DeploymentWriter writer, DeploymentRows.Locked locked, Map<UUID, SoftwareConfig> configs,
                Changes changes) {
            try {
                SoftwareDeployment d = SoftwareDeployments.requireTenant(locked.get(uuid),
                        tenant, id);
                if (d.stackId != null || d.adHocRun()) {
                    return; // the engine's path (an ad-hoc run's record too, DeploymentRuns): deployment stays null
                }
                SoftwareConfig newConfig = change.configId() == null ? null : config(configs, tenant, change.configId());
                SoftwareDeployments.Applied applied = writer.deployments.apply(d, change, newConfig);
                deployment = d;
                if (applied.recorded() != null) {
                    changes.signals.add(applied.recorded());
                }
                if (applied.changed()) {
                    changes.statuses.add(d);
                }
                if (applied.rerun()) {
                    changes.claims.putIfAbsent(d.serverId, d.tenant);
                    changes.published.add(d);
                }
            } catch (RuntimeException e) {
                refused = e;
            }
        }
    }
}
