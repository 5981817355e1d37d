package io.hearth.deployment.repository;

import static io.hearth.platform.sql.ColumnArrays.number;
import static io.hearth.platform.sql.ColumnArrays.text;
import static io.hearth.platform.sql.ColumnArrays.time;

import io.hearth.deployment.domain.DeploymentSignal;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.SqlResult;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The deployment tables in plain SQL on a connection of the reactive pool, for {@code DeploymentWriter}: the same
 * columns and statements as the engine's {@link SoftwareDeploymentRepository} ({@link RuntimeColumns}), several rows
 * per statement. Locks are taken in the order of the ids, so two batches never wait for each other in a circle.
 */
@ApplicationScoped
public class DeploymentRows {

    private final String lockDeployments;
    private final String insertDeployment;
    private final String updateDeployment;
    private final String upsertDeployment;
    private final String lockStacks;
    private final String claimServer;
    private final String updateServer;
    private final String insertSignal;

    /** Deployments a batch locked: the objects its requests change, and their values as read. */
    public static final class Locked {
        private final HeldRows<SoftwareDeployment> rows = new HeldRows<>(RuntimeColumns.DEPLOYMENTS);

        /** The locked deployment with that id, or null. */
        public SoftwareDeployment get(UUID id) {
            return id == null ? null : rows.get(id);
        }
    }

    public DeploymentRows(@ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        String servers = schema + ".server_metadata";
        lockDeployments = RuntimeColumns.DEPLOYMENTS.select(schema, "id = any($1) order by id for update");
        // Each write is one statement for all of a batch's rows: arrays of the columns, unnested; a deployment goes
        // only onto a server of its tenant (another tenant's server is not found).
        insertDeployment = RuntimeColumns.DEPLOYMENTS.insert(schema, "exists (select 1 from " + servers
                + " s where s.server_id = r.server_id and s.tenant = r.tenant)");
        updateDeployment = RuntimeColumns.DEPLOYMENTS.update(schema);
        upsertDeployment = RuntimeColumns.DEPLOYMENTS.upsert(schema);
        // A stack's server rows are part of its state in the engine's tree cache, covered by the stack's lock: the stacks
        // of the servers claimed are locked first (in the order of their ids) and their versions raised, so the
        // engine's next step reads them again.
        lockStacks = "with locked as (select id from " + schema + ".stack_runtime where id = any(array(select"
                + " stack_id::uuid from " + servers + " where server_id = any($1) and stack_id is not null))"
                + " order by id for update) update " + schema + ".stack_runtime s set version = s.version + 1"
                + " from locked where s.id = locked.id";
        // Makes the row of a server nobody deployed to yet, and locks it either way (in the order of the
        // server ids); answers its owner.
        claimServer = "insert into " + servers + " (server_id, tenant, generation, updated_at)"
                + " select server_id, tenant, 0, $3 from unnest($1::varchar[], $2::varchar[]) as r(server_id, tenant)"
                + " order by server_id on conflict (server_id) do update set server_id = excluded.server_id"
                + " returning server_id, tenant, stack_id, generation, document_bytes";
        updateServer = "update " + servers + " s set generation = r.generation, document_bytes = r.document_bytes,"
                + " updated_at = r.updated_at from unnest($1::varchar[], $2::int8[], $3::int8[], $4::timestamptz[])"
                + " as r(server_id, generation, document_bytes, updated_at) where s.server_id = r.server_id";
        insertSignal = RuntimeColumns.SIGNALS.insert(schema, null);
    }

    /** The deployments with these ids, locked until the transaction ends. */
    public Uni<Locked> lock(SqlConnection connection, Collection<UUID> ids) {
        return connection.preparedQuery(lockDeployments).execute(Tuple.of(ids.toArray(UUID[]::new))).map(rows -> {
            Locked locked = new Locked();
            List<Object[]> selected = new ArrayList<>();
            for (Row row : rows) {
                Object[] values = new Object[row.size()];
                for (int c = 0; c < values.length; c++) {
                    values[c] = row.getValue(c);
                }
                selected.add(values);
            }
            locked.rows.track(selected, true);
            return locked;
        });
    }

    /**
     * The rows of these servers (tenant, stack, generation), made for the tenant that deploys to a server
     * first and locked until the transaction ends; claims come in the order of the server ids, after the rows of
     * their stacks (a server of a stack), whose versions are raised.
     */
    public Uni<Map<String, ServerMetadataRow>> claimServers(SqlConnection connection,
            Map<String, String> tenantByServer) {
        if (tenantByServer.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        List<Map.Entry<String, String>> claims = List.copyOf(tenantByServer.entrySet());
        Tuple parameters = ColumnArrays.tuple(claims, List.of(text(Map.Entry::getKey), text(Map.Entry::getValue)))
                .addValue(time(Instant.now()));
        Uni<?> stacksLocked = connection.preparedQuery(lockStacks)
                .execute(Tuple.of(claims.stream().map(Map.Entry::getKey).toArray(String[]::new)));
        // one pipeline: the stacks' statement goes first
        return Uni.combine().all().unis(stacksLocked, connection.preparedQuery(claimServer).execute(parameters))
                .with((stacks, claimed) -> claimed)
                .map(result -> {
                    Map<String, ServerMetadataRow> rows = new LinkedHashMap<>();
                    for (Row row : result) {
                        ServerMetadataRow server = new ServerMetadataRow();
                        server.serverId = row.getString("server_id");
                        server.tenant = row.getString("tenant");
                        server.stackId = row.getString("stack_id");
                        server.generation = row.getLong("generation");
                        server.documentBytes = row.getLong("document_bytes");
                        rows.put(server.serverId, server);
                    }
                    return rows;
                });
    }

    public Uni<Void> insert(SqlConnection connection, List<SoftwareDeployment> deployments) {
        return write(connection, insertDeployment, RuntimeColumns.DEPLOYMENTS, deployments);
    }

    /** Writes what the batch changed of the deployments it locked. */
    public Uni<Void> update(SqlConnection connection, Locked locked) {
        RowChanges changes = new RowChanges();
        List<Runnable> written = new ArrayList<>();
        locked.rows.changes(changes, written);
        return Uni.createFrom().completionStage(() -> changes.write((sql, parameters) -> connection.preparedQuery(sql)
                .execute(Tuple.from(parameters)).map(SqlResult::rowCount).subscribeAsCompletionStage(),
                RuntimeColumns.DEPLOYMENTS, upsertDeployment, updateDeployment)).invoke(() -> written.forEach(Runnable::run))
                .replaceWithVoid();
    }

    /** Stores the servers' new generations and document sizes. */
    public Uni<Void> updateServers(SqlConnection connection, Collection<ServerMetadataRow> servers) {
        return servers.isEmpty() ? Uni.createFrom().voidItem() : connection.preparedQuery(updateServer).execute(ColumnArrays.tuple(List.copyOf(servers), List.of(
                text(s -> s.serverId), number(s -> s.generation), number(s -> s.documentBytes),
                time(s -> s.updatedAt)))).replaceWithVoid();
    }

    public Uni<Void> insertSignals(SqlConnection connection, List<DeploymentSignal> signals) {
        return write(connection, insertSignal, RuntimeColumns.SIGNALS, signals);
    }

    /** One statement writing every row: its parameters are the columns, each an array with a value per row. */
    private static <T> Uni<Void> write(SqlConnection connection, String sql, RuntimeColumns<T> columns, List<T> rows) {
        return rows.isEmpty() ? Uni.createFrom().voidItem() : connection.preparedQuery(sql)
                .execute(Tuple.from(columns.arrays(rows.stream().map(columns::values).toList()))).replaceWithVoid();
    }
}
