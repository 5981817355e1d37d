package io.hearth.deployment.repository;

import io.hearth.deployment.domain.DeploymentSignal;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.platform.sql.SessionConnections;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.reactive.engine.ReactiveBeforeTransactionCompletionProcess;
import org.hibernate.reactive.mutiny.Mutiny;
import org.hibernate.reactive.pool.ReactiveConnection;
import org.hibernate.reactive.session.ReactiveSession;

/**
 * Every query of the software deployments ({@code software_deployment}), of the servers' metadata rows
 * ({@code server_metadata}, {@link ServerMetadataRepository} is their door) and of the signals recorded for the
 * deployments ({@code deployment_signal}), in plain SQL on the session's connection, in its transaction.
 *
 * <p>Deployments and server rows are plain objects, not entities: no ORM dirty check runs over them. A transaction
 * holds each row it read or added once ({@link HeldRows}: read again, it comes back as the object the transaction
 * changes); what changed is written with one multi-row statement per table and kind ({@link RuntimeColumns}, the
 * same statements the deployments API's {@link DeploymentRows} uses) when a query of these tables needs it, and just
 * before the commit. A change set of a whole poll batch (a membership change's reruns of every member, say) is thus
 * written in one statement, and so are its deletes of deployments and of server rows (a stack's abandon deletes its
 * deployments at once).
 *
 * <p>A stack's deployments and the rows of its servers ({@code server_metadata.stack_id}) are part of its state in the
 * tree cache ({@link StackRuntimeRepository}): a transaction that holds a stack holds all of them, from the cache or
 * read with the stack ({@link Unit#hold}), locked by the stack's lock; and a change of any of them raises the stack's
 * version, in the same transaction, so that no copy of the stack kept anywhere is taken for current any more
 * ({@link HeldStacks}). Whoever else locks such a server row locks its stack's row first (this repository's lock, the
 * deployments API's claim in {@link DeploymentRows}), so the two orders never cross.
 */
@ApplicationScoped
public class SoftwareDeploymentRepository {

    private final String schema;
    private final String upsertDeployments;
    private final String updateDeployments;
    private final String upsertServers;
    private final String updateServers;
    private final String insertSignals;
    private final String selectOfStack;
    private final String selectServersOfStack;
    private final String selectDeployment;
    private final String lockDeployment;
    private final String selectServer;
    private final String lockServer;
    private final String raiseVersions;
    private final String deleteDeployments;
    private final String deleteServers;
    private final TransactionUnits<Unit> units = new TransactionUnits<>(Unit::new, "a deployment or server row");

    public SoftwareDeploymentRepository(
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.schema = schema;
        this.upsertDeployments = RuntimeColumns.DEPLOYMENTS.upsert(schema);
        this.updateDeployments = RuntimeColumns.DEPLOYMENTS.update(schema);
        this.upsertServers = RuntimeColumns.SERVERS.upsert(schema);
        this.updateServers = RuntimeColumns.SERVERS.update(schema);
        this.insertSignals = RuntimeColumns.SIGNALS.insert(schema, null);
        this.selectOfStack = RuntimeColumns.DEPLOYMENTS.select(schema, "stack_id = $1");
        this.selectServersOfStack = RuntimeColumns.SERVERS.select(schema, "stack_id = $1");
        this.selectDeployment = RuntimeColumns.DEPLOYMENTS.select(schema, "id = $1");
        this.lockDeployment = RuntimeColumns.DEPLOYMENTS.select(schema, "id = $1 for update");
        this.selectServer = RuntimeColumns.SERVERS.select(schema, "server_id = $1");
        // The server's stack row first, then the server's row: the order of a transaction that holds the stack, whose
        // server rows come from the tree cache unlocked (the stack's lock covers them), so the two never wait for each
        // other in a circle. The stack's version is raised at the write (a server row of a stack changed).
        this.lockServer = "with stack as (select id from " + schema + ".stack_runtime where id = (select stack_id::uuid"
                + " from " + schema + ".server_metadata where server_id = $1) for update) "
                + RuntimeColumns.SERVERS.select(schema,
                        "server_id = $1 and (select count(*) from stack) >= 0 for update");
        this.raiseVersions = "update " + schema + ".stack_runtime set version = version + 1 where id = any($1)";
        this.deleteDeployments = "delete from " + schema + ".software_deployment where id = any($1)";
        this.deleteServers = "delete from " + schema + ".server_metadata where server_id = any($1)";
    }

    /**
     * The stacks a transaction holds ({@link StackRuntimeRepository}'s unit), told when a deployment of theirs changed.
     */
    interface HeldStacks {

        /**
         * Whether the transaction holds the stack; one it holds is written with its version raised. The version of
         * one it does not hold is raised by a statement of its own.
         */
        boolean touched(UUID stackId);
    }

    /** The unit of the session's transaction, made when it has none yet; it tells {@code stacks} of its changes. */
    Unit unitOf(Mutiny.Session session, HeldStacks stacks) {
        Unit unit = unit(session);
        unit.stacks = stacks;
        return unit;
    }

    /** The values of every deployment of the stack, read on the transaction's connection. */
    CompletionStage<List<Object[]>> ofStack(ReactiveConnection connection, UUID stackId) {
        return ofStack(connection, selectOfStack, RuntimeColumns.DEPLOYMENTS, stackId);
    }

    /** The values of every server row of the stack ({@code server_metadata.stack_id}), read on the connection. */
    CompletionStage<List<Object[]>> serversOfStack(ReactiveConnection connection, UUID stackId) {
        return ofStack(connection, selectServersOfStack, RuntimeColumns.SERVERS, stackId);
    }

    private static CompletionStage<List<Object[]>> ofStack(ReactiveConnection connection, String select,
            RuntimeColumns<?> columns, UUID stackId) {
        return connection.select(select, new Object[] {stackId.toString()}).thenApply(result -> {
            List<Object[]> rows = new ArrayList<>();
            result.forEachRemaining(selected -> rows.add(columns.read(selected)));
            return rows;
        });
    }

    /** The deployment, of any tenant, or null. */
    public Uni<SoftwareDeployment> find(UUID id) {
        return byId(id, false);
    }

    /** The deployment, its row locked until the transaction ends ({@code FOR UPDATE}), or null. */
    public Uni<SoftwareDeployment> lock(UUID id) {
        return byId(id, true);
    }

    private Uni<SoftwareDeployment> byId(UUID id, boolean lock) {
        return byKey(id, lock, lock ? lockDeployment : selectDeployment, unit -> unit.deployments,
                RuntimeColumns.DEPLOYMENTS);
    }

    /**
     * The row with this key as the transaction holds it (locked already, when {@code lock} asks for it), else as
     * {@code select} reads it (with a lock when {@code lock}), or null.
     */
    private <T> Uni<T> byKey(Object key, boolean lock, String select, Function<Unit, HeldRows<T>> table,
            RuntimeColumns<T> columns) {
        return session().chain(session -> {
            Unit unit = current(session);
            HeldRows<T> rows = unit == null ? null : table.apply(unit);
            T held = rows == null ? null : rows.get(key);
            if (held != null && (!lock || rows.locked(key))) {
                return Uni.createFrom().item(held);
            }
            if (rows != null && rows.deleted(key)) {
                return Uni.createFrom().nullItem();
            }
            return select(session, select, key).map(found -> found.isEmpty() ? null
                    : held(session, found, lock, table, columns).get(0));
        });
    }

    /**
     * Locks the deployments with these ids that exist, in the order of their ids, in one statement: a batch of signals
     * to one stack locks its deployments together, and each {@link #lock(UUID)} that follows finds its row held. Those
     * the transaction holds locked already (a stack's own, held with it) are not read again.
     */
    public Uni<Void> lock(Collection<UUID> ids) {
        return session().chain(session -> {
            Unit unit = current(session);
            UUID[] missing = ids.stream().filter(id -> unit == null || !unit.deployments.locked(id))
                    .toArray(UUID[]::new);
            if (missing.length == 0) {
                return Uni.createFrom().voidItem();
            }
            return select(session, RuntimeColumns.DEPLOYMENTS, "id = any($1) order by id for update", (Object) missing)
                    .invoke(rows -> held(session, rows, true, u -> u.deployments, RuntimeColumns.DEPLOYMENTS))
                    .replaceWithVoid();
        });
    }

    /** The deployments with these ids that exist. */
    public Uni<List<SoftwareDeployment>> list(Collection<UUID> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(List.of())
                : deployments("id = any($1)", (Object) ids.toArray(UUID[]::new));
    }

    /** A tenant's deployments, oldest first, of one server when {@code serverId} is given. */
    public Uni<List<SoftwareDeployment>> ofTenant(String tenant, String serverId) {
        return serverId == null ? deployments("tenant = $1 order by created_at, id", tenant)
                : deployments("tenant = $1 and server_id = $2 order by created_at, id", tenant, serverId);
    }

    /**
     * Every deployment naming the server, of any tenant, as the transaction sees them, without writing its changes
     * first (a deployment's server never changes): the stored ones but those it deleted, and those it added. A stack's
     * delete of its servers thus gathers their rows' deletes into one statement.
     */
    public Uni<List<SoftwareDeployment>> onServer(String serverId) {
        return session().chain(session -> {
            Unit unit = current(session);
            UUID[] deleted = unit == null ? new UUID[0] : unit.deployments.pendingDeletions().toArray(UUID[]::new);
            return select(session, RuntimeColumns.DEPLOYMENTS, "server_id = $1 and id <> all($2)", serverId,
                    deleted).map(rows -> {
                        List<SoftwareDeployment> found = new ArrayList<>(
                                held(session, rows, false, u -> u.deployments, RuntimeColumns.DEPLOYMENTS));
                        if (unit != null) {
                            found.addAll(unit.deployments.unwritten(d -> serverId.equals(d.serverId)));
                        }
                        return found;
                    });
        });
    }

    /** The deployment(s) of a stack's resource. */
    public Uni<List<SoftwareDeployment>> ofResource(String stackId, String resourceName) {
        return deployments("stack_id = $1 and resource_name = $2", stackId, resourceName);
    }

    /** The deployments of these stacks, oldest first. */
    public Uni<List<SoftwareDeployment>> ofStacks(Collection<String> stackIds) {
        return stackIds.isEmpty() ? Uni.createFrom().item(List.of())
                : deployments("stack_id = any($1) order by created_at, id", (Object) stackIds.toArray(String[]::new));
    }

    /** How many of these deployments exist. */
    public Uni<Long> count(Collection<UUID> ids) {
        return ids.isEmpty() ? Uni.createFrom().item(0L)
                : count("software_deployment where id = any($1)", (Object) ids.toArray(UUID[]::new));
    }

    /** How many deployments use the config. */
    public Uni<Long> using(UUID configId) {
        return count("software_deployment where config_id = $1", configId);
    }

    /**
     * The tenant's stack deployment whose current run has the id {@code runId}: {@code DeploymentItem.runId} in SQL,
     * a name-based UUID (version 3) of {@code hearth-run:<id>:<action>:<generation>}. The md5's 13th hex digit
     * becomes the version 3, its 17th the variant (8, 9, a or b). One scan of the tenant's deployments: a derived
     * config is read by a person looking into a deployment, not by the engine. Null when none.
     */
    public Uni<SoftwareDeployment> derivedFrom(String tenant, UUID runId) {
        return deployments("""
                id = (select id from (select id, md5('hearth-run:' || id || ':' || action || ':' || generation) as h
                                      from %s.software_deployment
                                      where tenant = $1 and stack_id is not null and action is not null) d
                      where (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-3' || substr(h, 14, 3) || '-'
                             || substr('89ab89ab89ab89ab', ('x' || lpad(substr(h, 17, 1), 8, '0'))::bit(32)::int + 1, 1)
                             || substr(h, 18, 3) || '-' || substr(h, 21, 12)) = $2 limit 1)""".formatted(schema),
                tenant, runId.toString()).map(found -> found.isEmpty() ? null : found.get(0));
    }

    /** Adds a new deployment's row, written with the transaction's other changes. */
    public Uni<Void> insert(SoftwareDeployment d) {
        return unit().invoke(unit -> unit.deployments.insert(d)).replaceWithVoid();
    }

    /**
     * Deletes the deployment's row: gone for the transaction at once, deleted with the others of the transaction by
     * one statement at the next write (before a query of these tables, or at the commit).
     */
    public Uni<Void> delete(SoftwareDeployment d) {
        return unit().invoke(unit -> {
            unit.deployments.delete(d.id);
            unit.touched(d.stackId);
        }).replaceWithVoid();
    }

    /** Deletes the deployments of these stacks (a stack's abandon). */
    public Uni<Void> deleteOfStacks(Collection<String> stackIds) {
        if (stackIds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        Set<String> stacks = Set.copyOf(stackIds);
        return delete("software_deployment where stack_id = any($1)", (Object) stackIds.toArray(String[]::new))
                .chain(() -> unit().invoke(unit -> {
                    unit.deployments.forget(d -> stacks.contains(d.stackId));
                    stacks.forEach(unit::touched);
                })).replaceWithVoid();
    }

    /** Records a signal (or a terminal status the API set), written with the transaction's other changes. */
    public Uni<Void> insertSignal(DeploymentSignal signal) {
        return unit().invoke(unit -> unit.signals.add(signal)).replaceWithVoid();
    }

    /** The signals recorded for a deployment, the latest first. */
    public Uni<List<DeploymentSignal>> signals(String deploymentId) {
        return flush().chain(this::session).chain(session -> select(session, RuntimeColumns.SIGNALS,
                "deployment_id = $1 order by received_at desc", deploymentId))
                .map(rows -> rows.stream().map(RuntimeColumns.SIGNALS::entity).toList());
    }

    // --- server rows, for ServerMetadataRepository ---

    /**
     * The server's row as the transaction holds it, else as read ({@code lock}: locked, its stack's row first), or
     * null.
     */
    Uni<ServerMetadataRow> server(String serverId, boolean lock) {
        return byKey(serverId, lock, lock ? lockServer : selectServer, unit -> unit.servers, RuntimeColumns.SERVERS);
    }

    /** The rows of servers that match, the transaction's writes seen. */
    Uni<List<ServerMetadataRow>> servers(String condition, Object... parameters) {
        return flush().chain(this::session).chain(session -> select(session, RuntimeColumns.SERVERS, condition,
                parameters).map(rows -> held(session, rows, false, u -> u.servers, RuntimeColumns.SERVERS)));
    }

    /** Adds a new server's row, written with the transaction's other changes. */
    Uni<ServerMetadataRow> insert(ServerMetadataRow row) {
        return unit().invoke(unit -> unit.servers.insert(row)).replaceWith(row);
    }

    /**
     * Deletes the rows of these servers, as {@link #delete(SoftwareDeployment)} deletes a deployment's; the version of
     * the stack of each row the transaction holds is raised (one not held is deleted with its stack: an abandon).
     */
    Uni<Void> deleteServers(Collection<String> serverIds) {
        if (serverIds.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return unit().invoke(unit -> serverIds.forEach(id -> {
            ServerMetadataRow held = unit.servers.get(id);
            if (held != null) {
                unit.touched(held.stackId);
            }
            unit.servers.delete(id);
        })).replaceWithVoid();
    }

    /** {@code select count(*) from <from>}, the transaction's writes seen. */
    Uni<Long> count(String from, Object... parameters) {
        return flush().chain(this::session).chain(session -> Uni.createFrom().completionStage(() -> SessionConnections
                .connection(session).selectIdentifier("select count(*) from " + schema + "." + from, parameters,
                        Long.class)));
    }

    // --- the unit of work ---

    /**
     * Writes what the caller's transaction changed on these tables so far (nothing without a transaction): every
     * query that reads more than one row by key runs after it, so it sees the transaction's changes.
     */
    private Uni<Void> flush() {
        return session().chain(session -> {
            Unit unit = current(session);
            return unit == null ? Uni.createFrom().voidItem()
                    : Uni.createFrom().completionStage(() -> unit.write(SessionConnections.connection(session)));
        });
    }

    private Uni<List<SoftwareDeployment>> deployments(String condition, Object... parameters) {
        return flush().chain(this::session).chain(session -> select(session, RuntimeColumns.DEPLOYMENTS, condition,
                parameters).map(rows -> held(session, rows, false, u -> u.deployments, RuntimeColumns.DEPLOYMENTS)));
    }

    /**
     * The objects of the rows read ({@code locked}: {@code FOR UPDATE}): held by the transaction when there is one, else
     * new ones.
     */
    private <T> List<T> held(Mutiny.Session session, List<Object[]> rows, boolean locked,
            Function<Unit, HeldRows<T>> table, RuntimeColumns<T> columns) {
        Unit unit = session.currentTransaction() == null ? null : unit(session);
        if (unit == null) {
            return rows.stream().map(columns::entity).toList();
        }
        return table.apply(unit).track(rows, locked);
    }

    private Uni<Void> delete(String from, Object... parameters) {
        return flush().chain(this::session).chain(session -> Uni.createFrom().completionStage(() -> SessionConnections
                .connection(session).update("delete from " + schema + "." + from, parameters))).replaceWithVoid();
    }

    private Uni<List<Object[]>> select(Mutiny.Session session, RuntimeColumns<?> columns, String condition,
            Object... parameters) {
        return select(session, columns.select(schema, condition), parameters);
    }

    private Uni<List<Object[]>> select(Mutiny.Session session, String sql, Object... parameters) {
        return Uni.createFrom().completionStage(() -> SessionConnections.connection(session)
                .select(sql, parameters)).map(result -> {
                    List<Object[]> rows = new ArrayList<>();
                    result.forEachRemaining(rows::add);
                    return rows;
                });
    }

    private Uni<Mutiny.Session> session() {
        return Panache.getSession();
    }

    private Uni<Unit> unit() {
        return session().map(this::unit);
    }

    /** The unit of the session's transaction, or null when it has none (or no transaction). */
    private Unit current(Mutiny.Session session) {
        return units.current(session);
    }

    private Unit unit(Mutiny.Session session) {
        return units.of(session);
    }

    /** A transaction's deployments, server rows and new signal records; written before it commits. */
    final class Unit implements ReactiveBeforeTransactionCompletionProcess {

        private final Mutiny.Session session;
        final HeldRows<SoftwareDeployment> deployments = new HeldRows<>(RuntimeColumns.DEPLOYMENTS);
        final HeldRows<ServerMetadataRow> servers = new HeldRows<>(RuntimeColumns.SERVERS);
        final List<DeploymentSignal> signals = new ArrayList<>();
        /** The stacks whose deployments or server rows changed since the last write (by a delete so far). */
        private final Set<UUID> touched = new LinkedHashSet<>();
        /** The transaction's stacks, when it holds any. */
        private HeldStacks stacks;

        Unit(Mutiny.Session session) {
            this.session = session;
        }

        /**
         * Holds a stack's deployments and server rows as stored (its copy in the tree cache, or as read with it): locked
         * with it.
         */
        void hold(List<Object[]> storedDeployments, List<Object[]> storedServers) {
            storedDeployments.forEach(values -> deployments.hold(values, true));
            storedServers.forEach(values -> servers.hold(values, true));
        }

        /** The values as stored of the stack's deployments the transaction holds. */
        List<Object[]> storedOf(UUID stackId) {
            String id = stackId.toString();
            return deployments.stored(d -> id.equals(d.stackId));
        }

        /** The values as stored of the stack's server rows the transaction holds. */
        List<Object[]> storedServersOf(UUID stackId) {
            String id = stackId.toString();
            return servers.stored(s -> id.equals(s.stackId));
        }

        void touched(String stackId) {
            if (stackId != null) {
                try {
                    touched.add(UUID.fromString(stackId));
                } catch (IllegalArgumentException notAStack) {
                    // a deployment made through the API names no stack of the engine
                }
            }
        }

        /**
         * Writes every change since the last write: the rows deleted, servers, deployments, then the signals
         * recorded; and raises the version of each stack whose deployments changed.
         */
        CompletionStage<Void> write(ReactiveConnection connection) {
            List<Runnable> written = new ArrayList<>();
            RowChanges serverRows = new RowChanges();
            RowChanges deploymentRows = new RowChanges();
            servers.changes(serverRows, written).forEach(s -> touched(s.stackId));
            deployments.changes(deploymentRows, written).forEach(d -> touched(d.stackId));
            List<UUID> raised = touched.stream().filter(id -> stacks == null || !stacks.touched(id)).toList();
            touched.clear();
            List<Object[]> recorded = signals.stream().map(RuntimeColumns.SIGNALS::values).toList();
            signals.clear();
            UUID[] deletedDeployments = deployments.deletions().toArray(UUID[]::new);
            String[] deletedServers = servers.deletions().toArray(String[]::new);
            CompletionStage<?> done = CompletableFuture.completedFuture(null);
            if (deletedDeployments.length > 0) {
                done = done.thenCompose(v -> connection.update(deleteDeployments, new Object[] {deletedDeployments}));
            }
            if (deletedServers.length > 0) {
                done = done.thenCompose(v -> connection.update(deleteServers, new Object[] {deletedServers}));
            }
            done = done.thenCompose(v -> serverRows.write(connection::update, RuntimeColumns.SERVERS, upsertServers,
                    updateServers)).thenCompose(v -> deploymentRows.write(connection::update, RuntimeColumns.DEPLOYMENTS,
                            upsertDeployments, updateDeployments));
            if (!recorded.isEmpty()) {
                done = done.thenCompose(v -> connection.update(insertSignals, RuntimeColumns.SIGNALS.arrays(recorded)));
            }
            if (!raised.isEmpty()) {
                done = done.thenCompose(v -> connection.update(raiseVersions, new Object[] {raised.toArray(UUID[]::new)}));
            }
            return done.thenRun(() -> written.forEach(Runnable::run));
        }

        @Override
        public CompletionStage<Void> doBeforeTransactionCompletion(ReactiveSession reactive) {
            Mutiny.Transaction transaction = session.currentTransaction();
            if (transaction == null || transaction.isMarkedForRollback() || stacks != null) {
                // with stacks, their unit writes this one first, then them (a touched stack's version raised)
                return CompletableFuture.completedFuture(null);
            }
            return write(reactive.getReactiveConnection());
        }
    }
}
