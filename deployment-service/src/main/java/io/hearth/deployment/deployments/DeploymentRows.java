package io.hearth.deployment.deployments;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The deployment tables in plain SQL on a connection of the reactive pool, for {@link DeploymentWriter}:
 * the same rows as the entities {@link SoftwareDeployment}, {@link ServerMetadataRow} and
 * {@link DeploymentSignal} map, several per statement. Locks are taken in the order of the ids, so two
 * batches never wait for each other in a circle.
 */
@ApplicationScoped
public class DeploymentRows {

    private static final String COLUMNS = "id, tenant, stack_id, stack_name, resource_name, server_id, config_id,"
            + " input_values::text as input_values, output_values::text as output_values, action, status,"
            + " status_reason, signal_transport, input_key, stack_user_project_id, generation, signal_expires_at,"
            + " created_at, updated_at";

    private final String lockDeployments;
    private final String ofServers;
    private final String insertDeployment;
    private final String updateDeployment;
    private final String claimServer;
    private final String updateServer;
    private final String insertSignal;

    public DeploymentRows(@ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        String deployments = schema + ".software_deployment";
        String servers = schema + ".server_metadata";
        lockDeployments = "select " + COLUMNS + " from " + deployments + " where id = any($1) order by id for update";
        ofServers = "select " + COLUMNS + " from " + deployments
                + " where server_id = any($1) order by server_id, created_at, id";
        insertDeployment = "insert into " + deployments + " (id, tenant, stack_id, stack_name, resource_name,"
                + " server_id, config_id, input_values, output_values, action, status, status_reason,"
                + " signal_transport, input_key, stack_user_project_id, generation, signal_expires_at, created_at,"
                + " updated_at) values ($1, $2, $3, $4, $5, $6, $7, $8::text::jsonb, $9::text::jsonb, $10, $11,"
                + " $12, $13, $14, $15, $16, $17, $18, $19)";
        updateDeployment = "update " + deployments + " set config_id = $2, input_values = $3::text::jsonb,"
                + " output_values = $4::text::jsonb, action = $5, status = $6, status_reason = $7, generation = $8,"
                + " signal_expires_at = $9, updated_at = $10 where id = $1";
        // Makes the row of a server nobody deployed to yet, and locks it either way; answers its owner.
        claimServer = "insert into " + servers + " (server_id, tenant, generation, updated_at)"
                + " values ($1, $2, 0, $3) on conflict (server_id) do update set server_id = excluded.server_id"
                + " returning server_id, tenant, stack_id, generation";
        updateServer = "update " + servers + " set generation = $2, document = $3, updated_at = $4"
                + " where server_id = $1";
        insertSignal = "insert into " + schema + ".deployment_signal (id, deployment_id, action, generation,"
                + " outcome, status_code, details, received_at) values ($1, $2, $3, $4, $5, $6, $7::text::jsonb, $8)";
    }

    /** The deployments with these ids, locked until the transaction ends, by id. */
    Uni<Map<UUID, SoftwareDeployment>> lock(SqlConnection connection, Collection<UUID> ids) {
        return connection.preparedQuery(lockDeployments).execute(Tuple.of(ids.toArray(UUID[]::new))).map(rows -> {
            Map<UUID, SoftwareDeployment> found = new LinkedHashMap<>();
            for (Row row : rows) {
                SoftwareDeployment d = deployment(row);
                found.put(d.id, d);
            }
            return found;
        });
    }

    /** Every deployment of these servers, by server, oldest first. */
    Uni<Map<String, List<SoftwareDeployment>>> ofServers(SqlConnection connection, Collection<String> serverIds) {
        return connection.preparedQuery(ofServers).execute(Tuple.of(serverIds.toArray(String[]::new))).map(rows -> {
            Map<String, List<SoftwareDeployment>> byServer = new LinkedHashMap<>();
            for (Row row : rows) {
                SoftwareDeployment d = deployment(row);
                byServer.computeIfAbsent(d.serverId, server -> new ArrayList<>()).add(d);
            }
            return byServer;
        });
    }

    /**
     * The rows of these servers (tenant, stack, generation), made for the tenant that deploys to a server
     * first and locked until the transaction ends; claims come in the order of the server ids.
     */
    Uni<Map<String, ServerMetadataRow>> claimServers(SqlConnection connection, Map<String, String> tenantByServer) {
        if (tenantByServer.isEmpty()) {
            return Uni.createFrom().item(Map.of());
        }
        List<Tuple> claims = new ArrayList<>();
        OffsetDateTime now = time(Instant.now());
        tenantByServer.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(claim -> claims.add(Tuple.of(claim.getKey(), claim.getValue(), now)));
        return connection.preparedQuery(claimServer).executeBatch(claims).map(result -> {
            Map<String, ServerMetadataRow> rows = new LinkedHashMap<>();
            for (RowSet<Row> set = result; set != null; set = set.next()) {
                for (Row row : set) {
                    ServerMetadataRow server = new ServerMetadataRow();
                    server.serverId = row.getString("server_id");
                    server.tenant = row.getString("tenant");
                    server.stackId = row.getString("stack_id");
                    server.generation = row.getLong("generation");
                    rows.put(server.serverId, server);
                }
            }
            return rows;
        });
    }

    Uni<Void> insert(SqlConnection connection, List<SoftwareDeployment> deployments) {
        List<Tuple> rows = deployments.stream().map(d -> Tuple.from(Arrays.asList(d.id, d.tenant,
                d.stackId, d.stackName, d.resourceName, d.serverId, d.configId, d.inputValues, d.outputValues,
                d.action, d.status, d.statusReason, d.signalTransport, d.inputKey, d.stackUserProjectId,
                d.generation, time(d.signalExpiresAt), time(d.createdAt), time(d.updatedAt)))).toList();
        return batch(connection, insertDeployment, rows);
    }

    Uni<Void> update(SqlConnection connection, List<SoftwareDeployment> deployments) {
        List<Tuple> rows = deployments.stream().map(d -> Tuple.from(Arrays.asList(d.id, d.configId,
                d.inputValues, d.outputValues, d.action, d.status, d.statusReason, d.generation,
                time(d.signalExpiresAt), time(d.updatedAt)))).toList();
        return batch(connection, updateDeployment, rows);
    }

    /** Stores the servers' new generations and documents. */
    Uni<Void> updateServers(SqlConnection connection, Collection<ServerMetadataRow> servers) {
        List<Tuple> rows = servers.stream().map(s -> Tuple.of(s.serverId, s.generation, s.document,
                time(s.updatedAt))).toList();
        return batch(connection, updateServer, rows);
    }

    Uni<Void> insertSignals(SqlConnection connection, List<DeploymentSignal> signals) {
        List<Tuple> rows = signals.stream().map(s -> Tuple.from(Arrays.asList(s.id, s.deploymentId,
                s.action, s.generation, s.outcome, s.statusCode, s.details, time(s.receivedAt)))).toList();
        return batch(connection, insertSignal, rows);
    }

    private static Uni<Void> batch(SqlConnection connection, String sql, List<Tuple> rows) {
        return rows.isEmpty() ? Uni.createFrom().voidItem()
                : connection.preparedQuery(sql).executeBatch(rows).replaceWithVoid();
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
        return d;
    }

    private static OffsetDateTime time(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    private static Instant instant(OffsetDateTime time) {
        return time == null ? null : time.toInstant();
    }
}
