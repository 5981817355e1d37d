package io.hearth.template.repository;

import static io.hearth.platform.sql.ColumnArrays.integer;
import static io.hearth.platform.sql.ColumnArrays.number;
import static io.hearth.platform.sql.ColumnArrays.text;
import static io.hearth.platform.sql.ColumnArrays.time;
import static io.hearth.platform.sql.ColumnArrays.uuid;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.platform.sql.ColumnArrays;
import io.hearth.platform.sql.SessionConnections;
import io.hearth.template.domain.Stack;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A stack's status columns for a batch of stack events, without Hibernate: its identity and status read with plain
 * SQL (not its template, environment, files or parameters, which a status event does not need) into a {@link Stack}
 * the session does not hold, and what the batch changed written at the commit with one
 * {@code update ... from unnest(...)}: per stack only the columns whose value changed (as Hibernate's dynamic update
 * did), so a column the API changed meanwhile is left as it is.
 */
@ApplicationScoped
public class StackHeadRepository {

    /** The columns a head holds and the bit of each in a row's mask of changed columns. */
    private static final int ACTION = 1;
    private static final int STATUS = 2;
    private static final int REASON = 4;
    private static final int VERSION = 8;
    private static final int UPDATED = 16;
    private static final int OUTPUTS = 32;
    private static final int DELETED = 64;

    private static final List<ColumnArrays.Column<Head>> COLUMNS = List.of(uuid(h -> h.stack.id),
            integer(Head::changes), text(h -> h.stack.action == null ? null : h.stack.action.name()),
            text(h -> h.stack.status == null ? null : h.stack.status.name()), text(h -> h.stack.statusReason),
            number(h -> h.stack.statusVersion), time(h -> h.stack.updatedAt), text(h -> h.stack.outputs),
            time(h -> h.stack.deletedAt));

    private final String select;
    private final String update;

    public StackHeadRepository(@ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.select = "select id, tenant, name, action, status, status_reason, status_version, updated_at, deleted_at,"
                + " parent_id, parent_resource from " + schema + ".stack where id = any($1)";
        this.update = "update " + schema + ".stack t set"
                + " action = case when r.changes & " + ACTION + " <> 0 then r.action else t.action end,"
                + " status = case when r.changes & " + STATUS + " <> 0 then r.status else t.status end,"
                + " status_reason = case when r.changes & " + REASON + " <> 0 then r.status_reason"
                + " else t.status_reason end,"
                + " status_version = case when r.changes & " + VERSION + " <> 0 then r.status_version"
                + " else t.status_version end,"
                + " updated_at = case when r.changes & " + UPDATED + " <> 0 then r.updated_at else t.updated_at end,"
                + " outputs = case when r.changes & " + OUTPUTS + " <> 0 then r.outputs::jsonb else t.outputs end,"
                + " deleted_at = case when r.changes & " + DELETED + " <> 0 then r.deleted_at else t.deleted_at end"
                + " from unnest($1::uuid[], $2::int[], $3::varchar[], $4::varchar[], $5::text[], $6::bigint[],"
                + " $7::timestamptz[], $8::text[], $9::timestamptz[]) as r(id, changes, action, status, status_reason,"
                + " status_version, updated_at, outputs, deleted_at) where t.id = r.id";
    }

    /**
     * A stack as a batch of status events reads it: its identity, parent and status, with its values as read, so that
     * {@link #writeAtCommit} writes only what changed. Its outputs are not read: set, they are written.
     */
    public static final class Head {
        public final Stack stack;
        private final Object[] read;

        Head(Stack stack) {
            this.stack = stack;
            this.read = values(stack);
        }

        private static Object[] values(Stack stack) {
            return new Object[] {stack.action, stack.status, stack.statusReason, stack.statusVersion, stack.updatedAt,
                stack.outputs, stack.deletedAt};
        }

        /** The mask of the columns whose value differs from the one read. */
        int changes() {
            Object[] now = values(stack);
            int changes = 0;
            for (int i = 0; i < now.length; i++) {
                if (!Objects.equals(now[i], read[i])) {
                    changes |= 1 << i;
                }
            }
            return changes;
        }
    }

    /** The heads of these stacks (those that exist), read on the session's connection. */
    public Uni<List<Head>> read(Collection<UUID> ids) {
        return Panache.getSession().chain(session -> Uni.createFrom().completionStage(() -> SessionConnections
                .connection(session).select(select, new Object[] {ids.toArray(UUID[]::new)}))).map(result -> {
                    List<Head> heads = new ArrayList<>();
                    result.forEachRemaining(row -> heads.add(new Head(stack(row))));
                    return heads;
                });
    }

    private static Stack stack(Object[] row) {
        Stack stack = new Stack();
        stack.id = (UUID) row[0];
        stack.tenant = (String) row[1];
        stack.name = (String) row[2];
        stack.action = row[3] == null ? null : Action.valueOf((String) row[3]);
        stack.status = row[4] == null ? null : Status.valueOf((String) row[4]);
        stack.statusReason = (String) row[5];
        stack.statusVersion = row[6] == null ? 0 : ((Number) row[6]).longValue();
        stack.updatedAt = instant(row[7]);
        stack.deletedAt = instant(row[8]);
        stack.parentId = (UUID) row[9];
        stack.parentResource = (String) row[10];
        return stack;
    }

    /** A {@code timestamptz} as the session's connection returns it. */
    static Instant instant(Object value) {
        return value == null ? null : value instanceof OffsetDateTime time ? time.toInstant()
                : value instanceof LocalDateTime local ? local.toInstant(ZoneOffset.UTC) : (Instant) value;
    }

    /** Writes the columns these heads changed at the commit, after the session's last flush. */
    public Uni<Void> writeAtCommit(Collection<Head> heads) {
        List<Head> changed = heads.stream().filter(head -> head.changes() != 0).toList();
        return changed.isEmpty() ? Uni.createFrom().voidItem()
                : AtCommit.run(update, ColumnArrays.arrays(changed, COLUMNS));
    }
}
