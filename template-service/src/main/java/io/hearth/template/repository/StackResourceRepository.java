package io.hearth.template.repository;

import static io.hearth.platform.sql.ColumnArrays.integer;
import static io.hearth.platform.sql.ColumnArrays.text;
import static io.hearth.platform.sql.ColumnArrays.time;
import static io.hearth.platform.sql.ColumnArrays.uuid;

import io.hearth.platform.messaging.FlushGate;
import io.hearth.platform.sql.ColumnArrays;
import io.hearth.platform.sql.SessionConnections;
import io.hearth.template.domain.StackResourceState;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Collection;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The resource rows a batch of stack events changes, without Hibernate's dirty check: read read-only (the session
 * keeps no snapshot of them and its flushes leave them alone), changed in memory, and written at the commit with one
 * {@code update ... from unnest(...)} of the columns a status event sets. A plan's new rows are inserted with one
 * statement.
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

    private final String update;
    private final String insert;

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

    /** The rows of these stacks in plan order, read-only (rows the session already holds come as they are). */
    public Uni<List<StackResourceState>> readOnly(Collection<UUID> stackIds) {
        return Panache.getSession().chain(session -> session.createSelectionQuery(
                "from StackResourceState where stackId in ?1 order by position, name", StackResourceState.class)
                .setParameter(1, List.copyOf(stackIds)).setReadOnly(true).getResultList());
    }

    /**
     * The rows of these stacks with one of these names, read-only (rows the session already holds come as they are):
     * the rows a batch of status events names.
     */
    public Uni<List<StackResourceState>> readOnly(Collection<UUID> stackIds, Collection<String> names) {
        return Panache.getSession().chain(session -> session.createSelectionQuery(
                "from StackResourceState where stackId in ?1 and name in ?2", StackResourceState.class)
                .setParameter(1, List.copyOf(stackIds)).setParameter(2, List.copyOf(names)).setReadOnly(true)
                .getResultList());
    }

    /** Lets the session write what is changed on these rows from now on (a plan about to change them). */
    public Uni<Void> writable(Collection<StackResourceState> rows) {
        return Panache.getSession().invoke(session -> rows.forEach(row -> {
            if (session.contains(row)) {
                session.setReadOnly(row, false);
            }
        })).replaceWithVoid();
    }

    /** Writes the status columns of these rows at the commit, after the session's last flush. */
    public Uni<Void> updateAtCommit(Collection<StackResourceState> rows) {
        if (rows.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return AtCommit.run(update, ColumnArrays.arrays(List.copyOf(rows), STATUS));
    }
}
