package io.hearth.notifier.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.notifier.config.NotifierConfig;
import io.hearth.platform.sql.ColumnArrays;
import io.hearth.platform.sql.SessionConnections;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.reactive.pool.ReactiveConnection;

/**
 * Keeps each group's CREATE_COMPLETE members from {@code hearth.instance.lifecycle}, inside the processor's
 * transaction: a server of a group entering CREATE_COMPLETE joins it, one leaving it (any other state) leaves. A
 * change marks the group dirty and sets when {@link io.hearth.notifier.membership.MembershipPublisher} takes it:
 * the window after this change, at most the bound after the group's first unpublished change. An event that changes
 * no member (a server in no group, a server leaving a group it was not in) changes nothing.
 *
 * <p>A member that is a template resource is listed with its stack's outputs once that stack completed
 * ({@code member_stack}, from {@code hearth.stack.events}: {@link #handleStackEvents}); new outputs of a member stack
 * mark its group dirty the same way. The group resource's own status events there mark the group acting while it
 * creates, scales, updates or deletes its members: the publisher holds its changes until the action ends (at most
 * {@code hearth.notifier.membership-hold}), so a scaling step is one generation.
 *
 * <p>A batch's statements, one or two per event that changes something, go out together on the session's connection
 * ({@link Statements}): one round trip a batch, not one a statement. PostgreSQL runs them in the order sent, the
 * events' order, each seeing what the one before it did. Each handler answers whether the batch marked a group
 * dirty or ended a group's action: only then has the publisher work.
 */
@ApplicationScoped
public class MembershipHandler {

    /** The event types this handler acts on. */
    public static final Set<String> TYPES = Set.of(InstanceStateChanged.TYPE);

    /**
     * The dirty mark of a changed group: the window from now ($1), at most the bound after its first unpublished
     * change ($2 the window's end, $3 the bound in milliseconds).
     */
    private static final String DIRTY = "dirty_since = coalesce(g.dirty_since, cast($1 as timestamptz)),"
            + " due_at = least(cast($2 as timestamptz), coalesce(g.dirty_since, cast($1 as timestamptz))"
            + " + cast($3 as bigint) * interval '1 millisecond')";

    /**
     * One statement per event: creates the group's row or changes its members ({@code $7} is the joining member as
     * {@code {"<server id>": member}}, or {@code {}} when the server leaves), only when they change. The entry is
     * bound as text first: the reactive client would send a String bound as jsonb as a JSON string.
     */
    private static final String APPLY = "insert into %1$s.membership_group as g"
            + " (group_stack_id, group_name, tenant, members, dirty_since, due_at, root_stack_id)"
            + " values ($4, $5, $6, cast(cast($7 as text) as jsonb), $1, $2, cast($9 as text))"
            + " on conflict (group_stack_id, group_name) do update"
            + " set members = (g.members - cast($8 as text)) || excluded.members,"
            + " root_stack_id = coalesce(excluded.root_stack_id, g.root_stack_id),"
            + " " + DIRTY
            + " where g.members is distinct from (g.members - cast($8 as text)) || excluded.members";

    /** The group a member stack belongs to, as its server names it. */
    private static final String MEMBER_STACK = "insert into %1$s.member_stack as m"
            + " (stack_id, group_stack_id, group_name) values ($1, $2, $3)"
            + " on conflict (stack_id) do update set group_stack_id = excluded.group_stack_id,"
            + " group_name = excluded.group_name";

    /** A stack's newer, different outputs; marks the group of which it is a member stack dirty. */
    private static final String OUTPUTS = "with changed as (insert into %1$s.member_stack as m"
            + " (stack_id, outputs, version) values ($4, cast(cast($5 as text) as jsonb), $6)"
            + " on conflict (stack_id) do update set outputs = excluded.outputs, version = excluded.version"
            + " where m.version < excluded.version and m.outputs is distinct from excluded.outputs"
            + " returning m.group_stack_id, m.group_name)"
            + " update %1$s.membership_group g set " + DIRTY
            + " from changed where g.group_stack_id = changed.group_stack_id and g.group_name = changed.group_name";

    private static final String DELETED = "delete from %1$s.member_stack where stack_id = $1";

    /**
     * The group resource started or ended an action: its row (made when there is none yet) is marked acting or
     * not; when an action ends, the changes held during it are due at once.
     */
    private static final String ACTING = "insert into %1$s.membership_group as g"
            + " (group_stack_id, group_name, tenant, acting) values ($1, $2, $3, $4)"
            + " on conflict (group_stack_id, group_name) do update set acting = excluded.acting,"
            + " due_at = case when excluded.acting or g.dirty_since is null then g.due_at"
            + " else least(g.due_at, cast($5 as timestamptz)) end"
            + " where g.acting is distinct from excluded.acting";

    private final NotifierConfig config;
    private final String applySql;
    private final String memberStackSql;
    private final String outputsSql;
    private final String deletedSql;
    private final String actingSql;

    public MembershipHandler(NotifierConfig config,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.config = config;
        this.applySql = APPLY.formatted(schema);
        this.memberStackSql = MEMBER_STACK.formatted(schema);
        this.outputsSql = OUTPUTS.formatted(schema);
        this.deletedSql = DELETED.formatted(schema);
        this.actingSql = ACTING.formatted(schema);
    }

    /**
     * Applies lifecycle events in their order (a server's events share its stack's key, so they come in order);
     * whether a group's members changed.
     */
    public Uni<Boolean> handle(List<CloudEvent> events) {
        Statements statements = new Statements(Instant.now());
        events.forEach(event -> apply(statements, event.dataAs(InstanceStateChanged.class)));
        return statements.run();
    }

    private void apply(Statements statements, InstanceStateChanged change) {
        if (change.groupName() == null || change.groupStackId() == null) {
            return;
        }
        boolean member = Action.CREATE.with(Status.COMPLETE).equals(change.state());
        // the Member of MembershipChanged, less its outputs, plus the member stack they come from
        Map<String, Object> joining = new LinkedHashMap<>();
        joining.put("serverId", change.serverId());
        joining.put("resourceName", change.resourceName());
        joining.put("address", change.address());
        if (change.memberStackId() != null) {
            joining.put("memberStackId", change.memberStackId());
            statements.add(memberStackSql, false, change.memberStackId(), change.groupStackId(), change.groupName());
        }
        String entry = HearthJson.write(member ? Map.of(change.serverId(), joining) : Map.of());
        statements.dirtying(applySql, change.groupStackId(), change.groupName(), change.tenant(), entry,
                change.serverId(), change.rootStackId());
    }

    /**
     * Records the outputs of completed stacks from {@code hearth.stack.events} (a StackStatusChanged with outputs, a
     * StackOutputsChanged), in their order, forgets a stack whose DELETE completed, and marks a group acting or not
     * by its resource's status (a ResourceStatusChanged of a group type); other events change nothing. Whether a
     * group became dirty or stopped acting.
     */
    public Uni<Boolean> handleStackEvents(List<CloudEvent> events) {
        Statements statements = new Statements(Instant.now());
        events.forEach(event -> applyStackEvent(statements, event));
        return statements.run();
    }

    private void applyStackEvent(Statements statements, CloudEvent event) {
        if (ResourceStatusChanged.TYPE.equals(event.type())) {
            if (!ofGroupType(event)) {
                return; // most resource events: nothing to read from them
            }
            ResourceStatusChanged change = event.dataAs(ResourceStatusChanged.class);
            if (!ResourceStatusChanged.SIGNAL.equals(change.action())) {
                statements.add(actingSql, true, change.stackId(), change.resourceName(), change.tenant(),
                        Status.IN_PROGRESS.name().equals(change.status()), statements.now);
            }
        } else if (StackOutputsChanged.TYPE.equals(event.type())) {
            StackOutputsChanged change = event.dataAs(StackOutputsChanged.class);
            statements.dirtying(outputsSql, change.stackId(), HearthJson.write(change.outputs()), change.version());
        } else if (StackStatusChanged.TYPE.equals(event.type())) {
            StackStatusChanged change = event.dataAs(StackStatusChanged.class);
            if (Action.DELETE.with(Status.COMPLETE).equals(change.stackStatus())) {
                statements.add(deletedSql, false, change.stackId());
            } else if (change.outputs() != null) {
                statements.dirtying(outputsSql, change.stackId(), HearthJson.write(change.outputs()),
                        change.version());
            }
        }
    }

    /** Whether a resource event names a group's type, looked up in its data without reading it into a record. */
    private static boolean ofGroupType(CloudEvent event) {
        JsonNode type = event.data() == null ? null : event.data().get("resourceType");
        return type != null && type.isTextual() && MembershipChanged.GROUP_TYPES.contains(type.asText());
    }

    /** A statement and its parameters; {@code wakes}: a row it changes gives the publisher work. */
    private record Statement(String sql, boolean wakes, Object[] parameters) {
    }

    /** A batch's statements, in the events' order, sent together on the session's connection. */
    private final class Statements {

        private final List<Statement> list = new ArrayList<>();
        private final Object now;
        private final Object[] dirty;

        Statements(Instant at) {
            this.now = ColumnArrays.time(at);
            this.dirty = new Object[] {now, ColumnArrays.time(at.plus(config.membershipWindow())),
                    config.membershipBound().toMillis()};
        }

        void add(String sql, boolean wakes, Object... parameters) {
            list.add(new Statement(sql, wakes, parameters));
        }

        /** A statement that marks groups dirty: {@link #DIRTY}'s three parameters, then {@code parameters}. */
        void dirtying(String sql, Object... parameters) {
            Object[] all = new Object[dirty.length + parameters.length];
            System.arraycopy(dirty, 0, all, 0, dirty.length);
            System.arraycopy(parameters, 0, all, dirty.length, parameters.length);
            list.add(new Statement(sql, true, all));
        }

        /** Sends them all at once; whether a statement that wakes the publisher changed a row. */
        Uni<Boolean> run() {
            if (list.isEmpty()) {
                return Uni.createFrom().item(false);
            }
            return Panache.getSession().chain(session -> {
                ReactiveConnection connection = SessionConnections.connection(session);
                List<Uni<Boolean>> sent = list.stream().map(statement -> Uni.createFrom()
                        .completionStage(connection.update(statement.sql(), statement.parameters()))
                        .map(rows -> statement.wakes() && rows > 0)).toList();
                return Uni.combine().all().unis(sent).with(Boolean.class,
                        changed -> changed.stream().anyMatch(Boolean::booleanValue));
            });
        }
    }
}
