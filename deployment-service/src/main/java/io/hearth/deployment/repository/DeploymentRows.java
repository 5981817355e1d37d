package io.hearth.deployment.repository;

import static io.hearth.platform.sql.ColumnArrays.integer;
import static io.hearth.platform.sql.ColumnArrays.number;
import static io.hearth.platform.sql.ColumnArrays.text;
import static io.hearth.platform.sql.ColumnArrays.time;
import static io.hearth.platform.sql.ColumnArrays.uuid;

import io.hearth.deployment.domain.DeploymentSignal;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The deployment tables in plain SQL on a connection of the reactive pool, for {@code DeploymentWriter}:
 * the same rows as the entities {@link SoftwareDeployment}, {@link ServerMetadataRow} and
 * {@link DeploymentSignal} map, several per statement. Locks are taken in the order of the ids, so two
 * batches never wait for each other in a circle.
 */
@ApplicationScoped
public class DeploymentRows {

    private static final String COLUMNS = "id, tenant, stack_id, stack_name, resource_name, server_id, config_id,"
            + " input_values::text as input_values, output_values::text as output_values, action, status,"
            + " status_reason, signal_transport, input_key, stack_user_project_id, generation, signal_expires_at,"
            + " created_at, updated_at, run_generation, run_inputs::text as run_inputs, cancelled_generation,"
            + " progress_generation, progress, item_bytes";

    private final String lockDeployments;
    private final String insertDeployment;
    private final String updateDeployment;
    private final String claimServer;
    private final String updateServer;
    private final String updateItemBytes;
    private final String insertSignal;

    public DeploymentRows(@ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        String deployments = schema + ".software_deployment";
        String servers = schema + ".server_metadata";
        lockDeployments = "select " + COLUMNS + " from " + deployments + " where id = any($1) order by id for update";
        // Each write is one statement for all of a batch's rows: arrays of the columns, unnested.
        insertDeployment = "insert into " + deployments + " (id, tenant, stack_id, stack_name, resource_name,"
                + " server_id, config_id, input_values, output_values, action, status, status_reason,"
                + " signal_transport, input_key, stack_user_project_id, generation, signal_expires_at, created_at,"
                + " updated_at) select id, tenant, stack_id, stack_name, resource_name, server_id, config_id,"
                + " input_values::jsonb, output_values::jsonb, action, status, status_reason, signal_transport,"
                + " input_key, stack_user_project_id, generation, signal_expires_at, created_at, updated_at"
                + " from unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[],"
                + " $7::uuid[], $8::text[], $9::text[], $10::varchar[], $11::varchar[], $12::text[], $13::varchar[],"
                + " $14::varchar[], $15::varchar[], $16::int8[], $17::timestamptz[], $18::timestamptz[],"
                + " $19::timestamptz[]) as r(id, tenant, stack_id, stack_name, resource_name, server_id, config_id,"
                + " input_values, output_values, action, status, status_reason, signal_transport, input_key,"
                + " stack_user_project_id, generation, signal_expires_at, created_at, updated_at)"
                // only onto servers of the deployment's tenant (another tenant's server is not found)
                + " where exists (select 1 from " + servers + " s where s.server_id = r.server_id"
                + " and s.tenant = r.tenant)";
        updateDeployment = "update " + deployments + " d set config_id = r.config_id,"
                + " input_values = r.input_values::jsonb, output_values = r.output_values::jsonb, action = r.action,"
                + " status = r.status, status_reason = r.status_reason, generation = r.generation,"
                + " signal_expires_at = r.signal_expires_at, updated_at = r.updated_at from unnest($1::uuid[],"
                + " $2::uuid[], $3::text[], $4::text[], $5::varchar[], $6::varchar[], $7::text[], $8::int8[],"
                + " $9::timestamptz[], $10::timestamptz[]) as r(id, config_id, input_values, output_values, action,"
                + " status, status_reason, generation, signal_expires_at, updated_at) where d.id = r.id";
        // Makes the row of a server nobody deployed to yet, and locks it either way (in the order of the
        // server ids); answers its owner.
        claimServer = "insert into " + servers + " (server_id, tenant, generation, updated_at)"
                + " select server_id, tenant, 0, $3 from unnest($1::varchar[], $2::varchar[]) as r(server_id, tenant)"
                + " order by server_id on conflict (server_id) do update set server_id = excluded.server_id"
                + " returning server_id, tenant, stack_id, generation, document_bytes";
        updateServer = "update " + servers + " s set generation = r.generation, document_bytes = r.document_bytes,"
                + " updated_at = r.updated_at from unnest($1::varchar[], $2::int8[], $3::int8[], $4::timestamptz[])"
                + " as r(server_id, generation, document_bytes, updated_at) where s.server_id = r.server_id";
        updateItemBytes = "update " + deployments + " d set item_bytes = r.item_bytes from unnest($1::uuid[],"
                + " $2::int4[]) as r(id, item_bytes) where d.id = r.id";
        insertSignal = "insert into " + schema + ".deployment_signal (id, deployment_id, action, generation,"
                + " outcome, status_code, details, received_at) select id, deployment_id, action, generation,"
                + " outcome, status_code, details::jsonb, received_at from unnest($1::uuid[], $2::varchar[],"
                + " $3::varchar[], $4::int8[], $5::varchar[], $6::int4[], $7::text[], $8::timestamptz[])"
                + " as r(id, deployment_id, action, generation, outcome, status_code, details, received_at)";
    }

    /** The deployments with these ids, locked until the transaction ends, by id. */
    public Uni<Map<UUID, SoftwareDeployment>> lock(SqlConnection connection, Collection<UUID> ids) {
        return connection.preparedQuery(lockDeployments).execute(Tuple.of(ids.toArray(UUID[]::new))).map(rows -> {
            Map<UUID, SoftwareDeployment> found = new LinkedHashMap<>();
            for (Row row : rows) {
                SoftwareDeployment d = deployment(row);
                found.put(d.id, d);
            }
            return found;
        });
    }

    /**
     * The rows of these servers (tenant, stack, generation), made for the tenant that deploys to a server
     * first and locked until the transaction ends; claims come in the order of the server ids.
     */
    public Uni<Map<String, ServerMetadataRow>> claimServers(SqlConnection connection,
            Map<String, String> tenantByServer) {
        if (tenantByServer.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        List<Map.Entry<String, String>> claims = List.copyOf(tenantByServer.entrySet());
        Tuple parameters = ColumnArrays.tuple(claims, List.of(text(Map.Entry::getKey), text(Map.Entry::getValue)))
                .addValue(time(Instant.now()));
        return connection.preparedQuery(claimServer).execute(parameters)
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
        return write(connection, insertDeployment, deployments, List.of(uuid(d -> d.id), text(d -> d.tenant),
                text(d -> d.stackId), text(d -> d.stackName), text(d -> d.resourceName), text(d -> d.serverId),
                uuid(d -> d.configId), text(d -> d.inputValues), text(d -> d.outputValues), text(d -> d.action),
                text(d -> d.status), text(d -> d.statusReason), text(d -> d.signalTransport), text(d -> d.inputKey),
                text(d -> d.stackUserProjectId), number(d -> d.generation), time(d -> d.signalExpiresAt),
                time(d -> d.createdAt), time(d -> d.updatedAt)));
    }

    public Uni<Void> update(SqlConnection connection, List<SoftwareDeployment> deployments) {
        return write(connection, updateDeployment, deployments, List.of(uuid(d -> d.id), uuid(d -> d.configId),
                text(d -> d.inputValues), text(d -> d.outputValues), text(d -> d.action), text(d -> d.status),
                text(d -> d.statusReason), number(d -> d.generation), time(d -> d.signalExpiresAt),
                time(d -> d.updatedAt)));
    }

    /** Stores the servers' new generations and document sizes. */
    public Uni<Void> updateServers(SqlConnection connection, Collection<ServerMetadataRow> servers) {
        return write(connection, updateServer, List.copyOf(servers), List.of(text(s -> s.serverId),
                number(s -> s.generation), number(s -> s.documentBytes), time(s -> s.updatedAt)));
    }

    /** Stores the deployments' item sizes, as their items were published. */
    public Uni<Void> updateItemBytes(SqlConnection connection, List<SoftwareDeployment> deployments) {
        return write(connection, updateItemBytes, deployments, List.of(uuid(d -> d.id), integer(d -> d.itemBytes)));
    }

    public Uni<Void> insertSignals(SqlConnection connection, List<DeploymentSignal> signals) {
        return write(connection, insertSignal, signals, List.of(uuid(s -> s.id), text(s -> s.deploymentId),
                text(s -> s.action), number(s -> s.generation), text(s -> s.outcome),
                integer(s -> s.statusCode), text(s -> s.details),
                time(s -> s.receivedAt)));
    }

    /** One statement writing every row: its parameters are the columns, each an array with a value per row. */
    private static <T> Uni<Void> write(SqlConnection connection, String sql, List<T> rows,
            List<ColumnArrays.Column<T>> columns) {
        return rows.isEmpty() ? Uni.createFrom().voidItem()
                : connection.preparedQuery(sql).execute(ColumnArrays.tuple(rows, columns)).replaceWithVoid();
    }

    private static SoftwareDeployment deployment(Row row) {
        SoftwareDeployment d = new SoftwareDeployment();
        d.id = row.getUUID("id");
        d.tenant = row.getString("tenant");
        d.stackId = row.getString("stack_id");
        d.stackName = row.getString("stack_name");
        d.resourceName = row.getString("resource_name");
        d.serverId = row.getString("server_id");
        d.configId = row.getUUID("config_id");
        d.inputValues = row.getString("input_values");
        d.outputValues = row.getString("output_values");
        d.action = row.getString("action");
        d.status = row.getString("status");
        d.statusReason = row.getString("status_reason");
        d.signalTransport = row.getString("signal_transport");
        d.inputKey = row.getString("input_key");
        d.stackUserProjectId = row.getString("stack_user_project_id");
        d.generation = row.getLong("generation");
        d.signalExpiresAt = instant(row.getOffsetDateTime("signal_expires_at"));
        d.createdAt = instant(row.getOffsetDateTime("created_at"));
        d.updatedAt = instant(row.getOffsetDateTime("updated_at"));
        d.runGeneration = row.getLong("run_generation");
        d.runInputs = row.getString("run_inputs");
        d.cancelledGeneration = row.getLong("cancelled_generation");
        d.progressGeneration = row.getLong("progress_generation");
        d.progress = row.getInteger("progress");
        d.itemBytes = row.getInteger("item_bytes");
        return d;
    }

    private static Instant instant(OffsetDateTime time) {
        return time == null ? null : time.toInstant();
    }
}
