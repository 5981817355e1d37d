package io.hearth.template.repository;

import static io.hearth.platform.sql.ColumnArrays.integer;
import static io.hearth.platform.sql.ColumnArrays.text;
import static io.hearth.platform.sql.ColumnArrays.time;
import static io.hearth.platform.sql.ColumnArrays.uuid;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.platform.messaging.FlushGate;
import io.hearth.platform.sql.ColumnArrays;
import io.hearth.platform.sql.SessionConnections;
import io.hearth.template.domain.StackResourceState;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The resource rows a batch of stack events changes, without Hibernate: read with plain SQL as objects the session
 * does not hold, changed in memory, and written at the commit with one statement per kind ({@link Writes}: a delete
 * of the rows removed, an insert of the rows made, an {@code update ... from unnest(...)} of the status columns of
 * the rows changed). A plan's new rows are inserted with one statement.
 */
@ApplicationScoped
public class StackResourceRepository {

    /** What a status event or a nested stack's creation changes on a row. */
    private static final List<ColumnArrays.Column<StackResourceState>> STATUS = List.of(uuid(r -> r.id),
            text(r -> r.resourceType), text(r -> r.physicalResourceId), text(r -> r.action == null ? null
                    : r.action.name()), text(r -> r.status == null ? null : r.status.name()),
            text(r -> r.statusReason), text(r -> r.attributes), time(r -> r.updatedAt));

    /** Every column of a new row. */
    private static final List<ColumnArrays.Column<StackResourceState>> ALL = List.of(uuid(r -> r.id),
            uuid(r -> r.stackId), text(r -> r.name), text(r -> r.resourceType), text(r -> r.physicalResourceId),
            text(r -> r.action == null ? null : r.action.name()), text(r -> r.status == null ? null : r.status.name()),
            text(r -> r.statusReason), text(r -> r.attributes), text(r -> r.metadata), text(r -> r.description),
            text(r -> r.requiredBy), integer(r -> r.position), time(r -> r.createdAt), time(r -> r.updatedAt));

    /** The columns a read selects, in {@link #row}'s order. */
    private static final String SELECTED = "id, stack_id, name, resource_type, physical_resource_id, action, status,"
            + " status_reason, attributes::text, metadata::text, description, required_by, position, created_at,"
            + " updated_at";

    private final String update;
    private final String insert;
    private final String delete;
    private final String selectOfStacks;
    private final String selectNamed;

    public StackResourceRepository(
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.update = "update " + schema + ".stack_resource t set resource_type = r.resource_type,"
                + " physical_resource_id = r.physical_resource_id, action = r.action, status = r.status,"
                + " status_reason = r.status_reason, attributes = r.attributes::jsonb, updated_at = r.updated_at"
                + " from unnest($1::uuid[], $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::text[],"
                + " $7::text[], $8::timestamptz[]) as r(id, resource_type, physical_resource_id, action, status,"
                + " status_reason, attributes, updated_at) where t.id = r.id";
        this.insert = "insert into " + schema + ".stack_resource (id, stack_id, name, resource_type,"
                + " physical_resource_id, action, status, status_reason, attributes, metadata, description, required_by,"
                + " position, created_at, updated_at) select id, stack_id, name, resource_type, physical_resource_id,"
                + " action, status, status_reason, attributes::jsonb, metadata::jsonb, description, required_by,"
                + " position, created_at, updated_at from unnest($1::uuid[], $2::uuid[], $3::varchar[], $4::varchar[],"
                + " $5::varchar[], $6::varchar[], $7::varchar[], $8::text[], $9::text[], $10::text[], $11::text[],"
                + " $12::text[], $13::int[], $14::timestamptz[], $15::timestamptz[]) as r(id, stack_id, name,"
                + " resource_type, physical_resource_id, action, status, status_reason, attributes, metadata,"
                + " description, required_by, position, created_at, updated_at)";
        this.delete = "delete from " + schema + ".stack_resource where id = any($1)";
        this.selectOfStacks = "select " + SELECTED + " from " + schema + ".stack_resource where stack_id = any($1)"
                + " order by position, name";
        this.selectNamed = "select " + SELECTED + " from " + schema + ".stack_resource where (stack_id, name) in"
                + " (select * from unnest($1::uuid[], $2::varchar[]))";
    }

    /**
     * Inserts new rows now, with one statement, after the session's pending writes (the stack they belong to). The
     * session does not hold them: a query of the transaction reads them from the table.
     */
    public Uni<Void> insert(List<StackResourceState> rows) {
        if (rows.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        Object[] parameters = ColumnArrays.arrays(List.copyOf(rows), ALL);
        return Panache.getSession().chain(session -> FlushGate.flush(session)
                .chain(() -> Uni.createFrom().completionStage(() -> SessionConnections.connection(session)
                        .update(insert, parameters)))).replaceWithVoid();
    }

    /**
     * The rows of these stacks in plan order, as plain objects the session does not hold (its flushes leave them
     * alone; {@link #write} and {@link #writeAtCommit} write what changed), read on the session's connection after
     * {@code flushFirst} (the session's pending writes, when the caller has any).
     */
    public Uni<List<StackResourceState>> read(Collection<UUID> stackIds, boolean flushFirst) {
        return select(selectOfStacks, new Object[] {stackIds.toArray(UUID[]::new)}, flushFirst);
    }

    /**
     * The rows these stacks' names name (the rows a batch of status events names: {@code named}, the names by stack),
     * as {@link #read}: only those pairs, not every stack's row of any of the names (the stacks of a bench share
     * their resources' names).
     */
    public Uni<List<StackResourceState>> read(Map<UUID, ? extends Collection<String>> named, boolean flushFirst) {
        List<UUID> stacks = new ArrayList<>();
        List<String> names = new ArrayList<>();
        named.forEach((stack, ofStack) -> ofStack.forEach(name -> {
            stacks.add(stack);
            names.add(name);
        }));
        return select(selectNamed, new Object[] {stacks.toArray(UUID[]::new), names.toArray(String[]::new)},
                flushFirst);
    }

    private Uni<List<StackResourceState>> select(String sql, Object[] parameters, boolean flushFirst) {
        return Panache.getSession().chain(session -> (flushFirst ? FlushGate.flush(session)
                : Uni.createFrom().voidItem()).chain(() -> Uni.createFrom().completionStage(() ->
                        SessionConnections.connection(session).select(sql, parameters)))).map(result -> {
                            List<StackResourceState> rows = new ArrayList<>();
                            result.forEachRemaining(row -> rows.add(row(row)));
                            return rows;
                        });
    }

    /** A row as {@link #SELECTED} lists its columns. */
    private static StackResourceState row(Object[] values) {
        StackResourceState row = new StackResourceState();
        row.id = (UUID) values[0];
        row.stackId = (UUID) values[1];
        row.name = (String) values[2];
        row.resourceType = (String) values[3];
        row.physicalResourceId = (String) values[4];
        row.action = values[5] == null ? null : Action.valueOf((String) values[5]);
        row.status = values[6] == null ? null : Status.valueOf((String) values[6]);
        row.statusReason = (String) values[7];
        row.attributes = (String) values[8];
        row.metadata = (String) values[9];
        row.description = (String) values[10];
        row.requiredBy = (String) values[11];
        row.position = values[12] == null ? 0 : ((Number) values[12]).intValue();
        row.createdAt = StackHeadRepository.instant(values[13]);
        row.updatedAt = StackHeadRepository.instant(values[14]);
        return row;
    }

    /**
     * What a batch did to rows it holds as plain objects: rows it made (inserted whole), rows whose status columns it
     * changed, rows it removed. A row made and then removed is neither written nor deleted.
     */
    public static final class Writes {
        private final Set<StackResourceState> made = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Set<StackResourceState> changed = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Set<StackResourceState> removed = Collections.newSetFromMap(new IdentityHashMap<>());

        public void made(StackResourceState row) {
            made.add(row);
        }

        public void changed(StackResourceState row) {
            if (row != null && !made.contains(row)) {
                changed.add(row);
            }
        }

        public void removed(StackResourceState row) {
            changed.remove(row);
            if (!made.remove(row)) {
                removed.add(row);
            }
        }

        /** The writes of one stack's rows, taken out of these. */
        public Writes of(UUID stackId) {
            Writes taken = new Writes();
            for (Set<StackResourceState> from : List.of(made, changed, removed)) {
                Set<StackResourceState> to = from == made ? taken.made : from == changed ? taken.changed
                        : taken.removed;
                from.stream().filter(row -> row.stackId.equals(stackId)).forEach(to::add);
                from.removeAll(to);
            }
            return taken;
        }

        boolean isEmpty() {
            return made.isEmpty() && changed.isEmpty() && removed.isEmpty();
        }

        /** The statements and their parameters: the deletes, the inserts, then the updates. */
        private List<Map.Entry<String, Object[]>> statements(StackResourceRepository repository) {
            List<Map.Entry<String, Object[]>> statements = new ArrayList<>();
            if (!removed.isEmpty()) {
                statements.add(Map.entry(repository.delete,
                        new Object[] {removed.stream().map(row -> row.id).toArray(UUID[]::new)}));
            }
            if (!made.isEmpty()) {
                statements.add(Map.entry(repository.insert, ColumnArrays.arrays(List.copyOf(made), ALL)));
            }
            if (!changed.isEmpty()) {
                statements.add(Map.entry(repository.update, ColumnArrays.arrays(List.copyOf(changed), STATUS)));
            }
            return statements;
        }
    }

    /** Writes these now, on the session's connection, after its pending writes (a plan is about to read the rows). */
    public Uni<Void> write(Writes writes) {
        if (writes.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Panache.getSession().chain(session -> FlushGate.flush(session).chain(() -> Multi.createFrom()
                .iterable(writes.statements(this)).onItem().transformToUniAndConcatenate(statement -> Uni.createFrom()
                        .completionStage(() -> SessionConnections.connection(session).update(statement.getKey(),
                                statement.getValue()))).collect().last().replaceWithVoid()));
    }

    /** Writes these at the commit, after the session's last flush; a transaction that rolls back writes none. */
    public Uni<Void> writeAtCommit(Writes writes) {
        return Multi.createFrom().iterable(writes.statements(this)).onItem()
                .transformToUniAndConcatenate(statement -> AtCommit.run(statement.getKey(), statement.getValue()))
                .collect().last().replaceWithVoid();
    }
}
