package io.hearth.deployment.repository;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.DeploymentSignal;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.platform.sql.ColumnArrays;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The columns of the engine's tables ({@code stack_runtime}, {@code resource_runtime}, {@code software_deployment},
 * {@code server_metadata}, {@code deployment_signal}), each with how it is read from and set on its plain object,
 * and the plain SQL that reads and writes them: one definition for the select, the multi-row upsert and update, the
 * copies the tree cache keeps and the comparison that finds what a step changed. The first column is the table's
 * key. A row's values are an
 * {@code Object[]} in the columns' order, in the PostgreSQL client's types except for a {@code timestamptz}, which is
 * an {@link Instant} (cheap to compare; sent as an {@link OffsetDateTime} in UTC).
 */
final class RuntimeColumns<T> {

    /**
     * A column: its name, its SQL type, its array's Java element type, its value's read and write, and whether it is
     * large (a document: a plan, a resource's template or properties), which an update leaves alone when it did not
     * change instead of sending it again.
     */
    record Column<T>(String name, String sqlType, Class<?> type, Function<T, Object> get, BiConsumer<T, Object> set,
            boolean large) {

        /** The value as the PostgreSQL client sends it. */
        Object sent(Object value) {
            return value instanceof Instant instant ? instant.atOffset(ZoneOffset.UTC) : value;
        }

        /** Its expression in a select ({@code jsonb} is read as text). */
        String selected() {
            return sqlType.equals("jsonb") ? name + "::text" : name;
        }

        /** Its value from the unnested arrays in an insert ({@code jsonb} is sent as text). */
        String inserted() {
            return sqlType.equals("jsonb") ? "r." + name + "::jsonb" : "r." + name;
        }

        /** Its array's SQL type in {@code unnest(...)}. */
        String arrayType() {
            return (sqlType.equals("jsonb") ? "text" : sqlType) + "[]";
        }
    }

    static final RuntimeColumns<StackRuntime> STACKS = new RuntimeColumns<>("stack_runtime", StackRuntime::new, List.of(
            uuid("id", s -> s.id, (s, v) -> s.id = v),
            text("tenant", s -> s.tenant, (s, v) -> s.tenant = v),
            text("name", s -> s.name, (s, v) -> s.name = v),
            json("plan", s -> s.plan, (s, v) -> s.plan = v),
            json("previous_plan", s -> s.previousPlan, (s, v) -> s.previousPlan = v),
            text("action", s -> name(s.action), (s, v) -> s.action = v == null ? null : Action.valueOf(v)),
            text("status", s -> name(s.status), (s, v) -> s.status = v == null ? null : Status.valueOf(v)),
            text("status_reason", s -> s.statusReason, (s, v) -> s.statusReason = v),
            bigint("status_version", s -> s.statusVersion, (s, v) -> s.statusVersion = v),
            text("outputs_digest", s -> s.outputsDigest, (s, v) -> s.outputsDigest = v),
            json("adopt_data", s -> s.adoptData, (s, v) -> s.adoptData = v),
            bigint("traversal", s -> s.traversal, (s, v) -> s.traversal = v),
            time("timeout_at", s -> s.timeoutAt, (s, v) -> s.timeoutAt = v),
            time("last_event_at", s -> s.lastEventAt, (s, v) -> s.lastEventAt = v),
            uuid("parent_stack_id", s -> s.parentStackId, (s, v) -> s.parentStackId = v),
            text("parent_resource", s -> s.parentResource, (s, v) -> s.parentResource = v),
            uuid("root_stack_id", s -> s.rootStackId, (s, v) -> s.rootStackId = v),
            integer("nested_depth", s -> s.nestedDepth, (s, v) -> s.nestedDepth = v),
            integer("context_depth", s -> s.contextDepth, (s, v) -> s.contextDepth = v),
            bigint("version", s -> s.version, (s, v) -> s.version = v),
            time("created_at", s -> s.createdAt, (s, v) -> s.createdAt = v),
            time("updated_at", s -> s.updatedAt, (s, v) -> s.updatedAt = v)));

    static final RuntimeColumns<ResourceRuntime> RESOURCES = new RuntimeColumns<>("resource_runtime",
            ResourceRuntime::new, List.of(
            uuid("id", r -> r.id, (r, v) -> r.id = v),
            uuid("stack_id", r -> r.stackId, (r, v) -> r.stackId = v),
            text("name", r -> r.name, (r, v) -> r.name = v),
            text("type", r -> r.type, (r, v) -> r.type = v),
            document("template", r -> r.template, (r, v) -> r.template = v),
            text("action", r -> name(r.action), (r, v) -> r.action = v == null ? null : Action.valueOf(v)),
            text("status", r -> name(r.status), (r, v) -> r.status = v == null ? null : Status.valueOf(v)),
            text("status_reason", r -> r.statusReason, (r, v) -> r.statusReason = v),
            text("physical_id", r -> r.physicalId, (r, v) -> r.physicalId = v),
            text("reference_id", r -> r.referenceId, (r, v) -> r.referenceId = v),
            json("attributes", r -> r.attributes, (r, v) -> r.attributes = v),
            json("data", r -> r.data, (r, v) -> r.data = v),
            json("properties", r -> r.properties, (r, v) -> r.properties = v),
            json("depends_on", r -> r.dependsOn, (r, v) -> r.dependsOn = v),
            bigint("traversal", r -> r.traversal, (r, v) -> r.traversal = v),
            json("membership", r -> r.membership, (r, v) -> r.membership = v),
            integer("context_depth", r -> r.contextDepth, (r, v) -> r.contextDepth = v),
            bool("replaced", r -> r.replaced, (r, v) -> r.replaced = v),
            time("started_at", r -> r.startedAt, (r, v) -> r.startedAt = v),
            time("wake_at", r -> r.wakeAt, (r, v) -> r.wakeAt = v),
            time("created_at", r -> r.createdAt, (r, v) -> r.createdAt = v),
            time("updated_at", r -> r.updatedAt, (r, v) -> r.updatedAt = v)));

    static final RuntimeColumns<SoftwareDeployment> DEPLOYMENTS = new RuntimeColumns<>("software_deployment",
            SoftwareDeployment::new, List.of(
            uuid("id", d -> d.id, (d, v) -> d.id = v),
            text("tenant", d -> d.tenant, (d, v) -> d.tenant = v),
            text("stack_id", d -> d.stackId, (d, v) -> d.stackId = v),
            text("stack_name", d -> d.stackName, (d, v) -> d.stackName = v),
            text("resource_name", d -> d.resourceName, (d, v) -> d.resourceName = v),
            text("server_id", d -> d.serverId, (d, v) -> d.serverId = v),
            uuid("config_id", d -> d.configId, (d, v) -> d.configId = v),
            json("input_values", d -> d.inputValues, (d, v) -> d.inputValues = v),
            json("output_values", d -> d.outputValues, (d, v) -> d.outputValues = v),
            text("action", d -> d.action, (d, v) -> d.action = v),
            text("status", d -> d.status, (d, v) -> d.status = v),
            text("status_reason", d -> d.statusReason, (d, v) -> d.statusReason = v),
            text("signal_transport", d -> d.signalTransport, (d, v) -> d.signalTransport = v),
            text("input_key", d -> d.inputKey, (d, v) -> d.inputKey = v),
            text("stack_user_project_id", d -> d.stackUserProjectId, (d, v) -> d.stackUserProjectId = v),
            bigint("generation", d -> d.generation, (d, v) -> d.generation = v),
            time("signal_expires_at", d -> d.signalExpiresAt, (d, v) -> d.signalExpiresAt = v),
            time("created_at", d -> d.createdAt, (d, v) -> d.createdAt = v),
            time("updated_at", d -> d.updatedAt, (d, v) -> d.updatedAt = v),
            optionalBigint("run_generation", d -> d.runGeneration, (d, v) -> d.runGeneration = v),
            json("run_inputs", d -> d.runInputs, (d, v) -> d.runInputs = v),
            optionalBigint("cancelled_generation", d -> d.cancelledGeneration, (d, v) -> d.cancelledGeneration = v),
            optionalBigint("progress_generation", d -> d.progressGeneration, (d, v) -> d.progressGeneration = v),
            optionalInteger("progress", d -> d.progress, (d, v) -> d.progress = v),
            integer("item_bytes", d -> d.itemBytes, (d, v) -> d.itemBytes = v)));

    static final RuntimeColumns<ServerMetadataRow> SERVERS = new RuntimeColumns<>("server_metadata",
            ServerMetadataRow::new, List.of(
            text("server_id", s -> s.serverId, (s, v) -> s.serverId = v),
            text("tenant", s -> s.tenant, (s, v) -> s.tenant = v),
            text("stack_id", s -> s.stackId, (s, v) -> s.stackId = v),
            bigint("generation", s -> s.generation, (s, v) -> s.generation = v),
            time("updated_at", s -> s.updatedAt, (s, v) -> s.updatedAt = v),
            document("document", s -> s.document, (s, v) -> s.document = v),
            bigint("document_bytes", s -> s.documentBytes, (s, v) -> s.documentBytes = v),
            text("check_token", s -> s.checkToken, (s, v) -> s.checkToken = v)));

    static final RuntimeColumns<DeploymentSignal> SIGNALS = new RuntimeColumns<>("deployment_signal",
            DeploymentSignal::new, List.of(
            uuid("id", r -> r.id, (r, v) -> r.id = v),
            text("deployment_id", r -> r.deploymentId, (r, v) -> r.deploymentId = v),
            text("action", r -> r.action, (r, v) -> r.action = v),
            bigint("generation", r -> r.generation, (r, v) -> r.generation = v),
            text("outcome", r -> r.outcome, (r, v) -> r.outcome = v),
            optionalInteger("status_code", r -> r.statusCode, (r, v) -> r.statusCode = v),
            json("details", r -> r.details, (r, v) -> r.details = v),
            time("received_at", r -> r.receivedAt, (r, v) -> r.receivedAt = v)));

    final String table;
    final List<Column<T>> columns;
    private final Supplier<T> factory;
    /** Each column as the value at its position in a row's values. */
    private final List<ColumnArrays.Column<Object[]>> byPosition = new ArrayList<>();

    /** {@link #byPosition}, then a flag per large column ({@link #updateArrays}). */
    private final List<ColumnArrays.Column<Object[]>> withKeptFlags = new ArrayList<>();

    private RuntimeColumns(String table, Supplier<T> factory, List<Column<T>> columns) {
        this.table = table;
        this.factory = factory;
        this.columns = columns;
        for (int c = 0; c < columns.size(); c++) {
            int position = c;
            Column<T> column = columns.get(c);
            byPosition.add(new ColumnArrays.Column<>(column.type(), values -> column.sent(values[position])));
        }
        withKeptFlags.addAll(byPosition);
        int flag = columns.size();
        for (Column<T> column : columns) {
            if (column.large()) {
                int position = flag++;
                withKeptFlags.add(new ColumnArrays.Column<>(Boolean.class, values -> values[position]));
            }
        }
    }

    /** The table's key column (the first). */
    String key() {
        return columns.get(0).name();
    }

    /** The row's key. */
    Object key(T row) {
        return columns.get(0).get().apply(row);
    }

    /** The row's values, in the columns' order. */
    Object[] values(T row) {
        Object[] values = new Object[columns.size()];
        for (int c = 0; c < values.length; c++) {
            values[c] = columns.get(c).get().apply(row);
        }
        return values;
    }

    /** A row's values as read from the database, in this class's types. */
    Object[] read(Object[] selected) {
        return values(entity(selected));
    }

    /** A new entity (not managed by any session) holding those values. */
    T entity(Object[] values) {
        T row = factory.get();
        set(row, values);
        return row;
    }

    /** Sets every column of the row to those values. */
    void set(T row, Object[] values) {
        for (int c = 0; c < values.length; c++) {
            columns.get(c).set().accept(row, values[c]);
        }
    }

    /** {@code select <columns> from <schema>.<table> where <condition>}. */
    String select(String schema, String condition) {
        return "select " + String.join(", ", columns.stream().map(Column::selected).toList()) + " from " + schema + "."
                + table + " where " + condition;
    }

    /**
     * One statement that inserts or updates rows: {@code $1..$n} are one array per column ({@link #arrays}); a row
     * whose id exists is overwritten.
     */
    String upsert(String schema) {
        List<String> names = columns.stream().map(Column::name).toList();
        return insert(schema, null) + " on conflict (" + key() + ") do update set " + String.join(", ", names.stream()
                .filter(n -> !n.equals(key())).map(n -> n + " = excluded." + n).toList());
    }

    /**
     * One statement that inserts rows, those that meet {@code condition} (on the unnested row {@code r}) when it is
     * not null: {@code $1..$n} are one array per column ({@link #arrays}).
     */
    String insert(String schema, String condition) {
        List<String> names = columns.stream().map(Column::name).toList();
        return "insert into " + schema + "." + table + " (" + String.join(", ", names) + ") select "
                + String.join(", ", columns.stream().map(Column::inserted).toList()) + " from unnest("
                + String.join(", ", arrayParameters()) + ") as r(" + String.join(", ", names) + ")"
                + (condition == null ? "" : " where " + condition);
    }

    /** {@code $1::<array type>, $2::...}: one array parameter per column, in the columns' order. */
    private List<String> arrayParameters() {
        List<String> arrays = new ArrayList<>();
        for (int c = 0; c < columns.size(); c++) {
            arrays.add("$" + (c + 1) + "::" + columns.get(c).arrayType());
        }
        return arrays;
    }

    /** The parameters of {@link #upsert}: one array per column of those rows' values. */
    Object[] arrays(List<Object[]> rows) {
        return ColumnArrays.arrays(rows, byPosition);
    }

    /**
     * One statement that updates stored rows ({@link #updateArrays}): every column but the id from the arrays,
     * except a large column that did not change, which keeps its stored value. That value is neither sent nor
     * parsed nor stored again (PostgreSQL keeps an unchanged out-of-line value where it is): a step that changes a
     * stack's status does not write its plan.
     */
    String update(String schema) {
        List<String> names = new ArrayList<>(columns.stream().map(Column::name).toList());
        List<String> arrays = arrayParameters();
        List<String> sets = new ArrayList<>();
        for (Column<T> column : columns) {
            if (column.name().equals(key())) {
                continue;
            }
            String value = column.inserted();
            if (column.large()) {
                names.add(column.name() + "_kept");
                arrays.add("$" + names.size() + "::boolean[]");
                value = "case when r." + column.name() + "_kept then t." + column.name() + " else " + value + " end";
            }
            sets.add(column.name() + " = " + value);
        }
        return "update " + schema + "." + table + " t set " + String.join(", ", sets) + " from unnest("
                + String.join(", ", arrays) + ") as r(" + String.join(", ", names) + ") where t." + key() + " = r."
                + key();
    }

    /**
     * The parameters of {@link #update}: one array per column of the rows' values, a large column's value null
     * where it equals the stored one, then for each large column whether it was kept so.
     */
    Object[] updateArrays(List<Object[]> rows, List<Object[]> stored) {
        List<Object[]> sent = new ArrayList<>(rows.size());
        for (int i = 0; i < rows.size(); i++) {
            Object[] row = Arrays.copyOf(rows.get(i), withKeptFlags.size());
            Object[] before = stored.get(i);
            int flag = columns.size();
            for (int c = 0; c < columns.size(); c++) {
                if (columns.get(c).large()) {
                    boolean same = Objects.equals(row[c], before[c]);
                    row[flag++] = same;
                    if (same) {
                        row[c] = null;
                    }
                }
            }
            sent.add(row);
        }
        return ColumnArrays.arrays(sent, withKeptFlags);
    }

    private static String name(Enum<?> value) {
        return value == null ? null : value.name();
    }

    private static <T> Column<T> uuid(String name, Function<T, UUID> get, BiConsumer<T, UUID> set) {
        return new Column<>(name, "uuid", UUID.class, get::apply, (row, v) -> set.accept(row, (UUID) v), false);
    }

    private static <T> Column<T> text(String name, Function<T, String> get, BiConsumer<T, String> set) {
        return new Column<>(name, "text", String.class, get::apply, (row, v) -> set.accept(row, (String) v), false);
    }

    /** A large {@code text} column. */
    private static <T> Column<T> document(String name, Function<T, String> get, BiConsumer<T, String> set) {
        return new Column<>(name, "text", String.class, get::apply, (row, v) -> set.accept(row, (String) v), true);
    }

    /** A {@code jsonb} column, large. */
    private static <T> Column<T> json(String name, Function<T, String> get, BiConsumer<T, String> set) {
        return new Column<>(name, "jsonb", String.class, get::apply, (row, v) -> set.accept(row, (String) v), true);
    }

    private static <T> Column<T> bigint(String name, Function<T, Long> get, BiConsumer<T, Long> set) {
        return new Column<>(name, "bigint", Long.class, get::apply,
                (row, v) -> set.accept(row, v == null ? 0L : ((Number) v).longValue()), false);
    }

    private static <T> Column<T> integer(String name, Function<T, Integer> get, BiConsumer<T, Integer> set) {
        return new Column<>(name, "int", Integer.class, get::apply,
                (row, v) -> set.accept(row, v == null ? 0 : ((Number) v).intValue()), false);
    }

    /** A {@code bigint} that may be null. */
    private static <T> Column<T> optionalBigint(String name, Function<T, Long> get, BiConsumer<T, Long> set) {
        return new Column<>(name, "bigint", Long.class, get::apply,
                (row, v) -> set.accept(row, v == null ? null : ((Number) v).longValue()), false);
    }

    /** An {@code int} that may be null. */
    private static <T> Column<T> optionalInteger(String name, Function<T, Integer> get, BiConsumer<T, Integer> set) {
        return new Column<>(name, "int", Integer.class, get::apply,
                (row, v) -> set.accept(row, v == null ? null : ((Number) v).intValue()), false);
    }

    private static <T> Column<T> bool(String name, Function<T, Boolean> get, BiConsumer<T, Boolean> set) {
        return new Column<>(name, "boolean", Boolean.class, get::apply,
                (row, v) -> set.accept(row, v != null && (Boolean) v), false);
    }

    /** A {@code timestamptz}: an {@link Instant}, set from one or from the client's {@link OffsetDateTime}. */
    private static <T> Column<T> time(String name, Function<T, Instant> get, BiConsumer<T, Instant> set) {
        return new Column<>(name, "timestamptz", OffsetDateTime.class, get::apply, (row, v) -> set.accept(row,
                v == null ? null : v instanceof OffsetDateTime time ? time.toInstant() : (Instant) v), false);
    }
}
