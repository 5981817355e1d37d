package io.hearth.notifier.journal;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.platform.sql.ColumnArrays;
import io.hearth.platform.sql.SessionConnections;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.reactive.pool.ReactiveConnection;
import org.jboss.logging.Logger;

/**
 * Appends consumed events to the journal ({@code client_event}), inside the event processor's transaction: each
 * event's CloudEvent JSON with its tenant, its stack (the data's {@code stackId}, else the subject) and that
 * stack's root, which {@code client_stack} keeps from the events themselves (a {@code parentStackId} in the data,
 * as {@code NestedStackCreated} carries, makes the stack a child of its parent's tree). Any event type is
 * taken; one without a tenant or a stack cannot be shown to anyone and is skipped. The rows are appended under a
 * transaction-scoped advisory lock, so journal rows commit in the order of their sequence: a reader that saw
 * {@code seq} n will never see a smaller one appear later. The commit notifies the tails ({@link JournalReader}).
 */
@ApplicationScoped
public class JournalWriter {

    private static final Logger LOG = Logger.getLogger(JournalWriter.class);

    /** The advisory lock that orders appends ("HEARTH-J" as a number, the key space of no other lock). */
    private static final long APPEND_LOCK = 0x4845415254482d4aL;

    /**
     * The append lock, in a statement of its own: the statements after it see every append committed before (a
     * statement sees what was committed when it started, so the lock taken inside {@link #STACKS} would not show it
     * a parent another replica had just recorded).
     */
    private static final String LOCK = "select count(*) from (select pg_advisory_xact_lock(" + APPEND_LOCK + ")) l";

    /**
     * Records (or refreshes) every stack the batch names (four arrays: stack, tenant, name, parent; one entry a
     * stack): its latest name, the first parent it was given, and the root of that parent's tree. A stack
     * whose parent is not known yet is the root of its own tree until then; a parent first named in this batch is
     * found by {@link #ADOPT}, which runs after.
     */
    private static final String STACKS = "insert into %1$s.client_stack as s"
            + " (stack_id, tenant, stack_name, parent_stack_id, root_stack_id)"
            + " select b.stack, b.tenant, b.name, b.parent,"
            + " coalesce((select p.root_stack_id from %1$s.client_stack p where p.stack_id = b.parent),"
            + " b.parent, b.stack)"
            + " from unnest(cast($1 as text[]), cast($2 as text[]), cast($3 as text[]), cast($4 as text[]))"
            + " with ordinality as b(stack, tenant, name, parent, ord)"
            + " order by b.ord"
            + " on conflict (stack_id) do update set stack_name = coalesce(excluded.stack_name, s.stack_name),"
            + " parent_stack_id = coalesce(s.parent_stack_id, excluded.parent_stack_id),"
            + " root_stack_id = case when s.parent_stack_id is null and excluded.parent_stack_id is not null"
            + " then excluded.root_stack_id else s.root_stack_id end, seen_at = now()";

    /**
     * Appends the batch's events (four arrays: tenant, stack, type, payload; the payloads as the CloudEvent JSON text,
     * not parsed again) in the arrays' order (so {@code seq} follows it), each with its stack's root, and notifies the
     * tails at commit.
     */
    private static final String EVENTS = "insert into %1$s.client_event"
            + " (tenant, stack_id, root_stack_id, type, payload)"
            + " select e.tenant, e.stack, s.root_stack_id, e.type, e.payload"
            + " from (select pg_notify(cast($1 as text), '')) n,"
            + " unnest(cast($2 as text[]), cast($3 as text[]), cast($4 as text[]), cast($5 as text[]))"
            + " with ordinality as e(tenant, stack, type, payload, ord)"
            + " join %1$s.client_stack s on s.stack_id = e.stack"
            + " order by e.ord";

    /** A stack that just learnt its parent takes its descendants (rooted at it so far) into its tree. */
    private static final String ADOPT = "update %1$s.client_stack c set root_stack_id = n.root_stack_id"
            + " from %1$s.client_stack n where n.stack_id = cast($1 as text)"
            + " and n.root_stack_id <> n.stack_id and c.root_stack_id = n.stack_id and c.stack_id <> n.stack_id";

    /** A stack's columns as {@link #STACKS} reads them. */
    private static final List<ColumnArrays.Column<NamedStack>> STACK_COLUMNS = List.of(
            ColumnArrays.text(NamedStack::stack), ColumnArrays.text(NamedStack::tenant),
            ColumnArrays.text(NamedStack::name), ColumnArrays.text(NamedStack::parent));

    /** An event's columns as {@link #EVENTS} reads them: its JSON rendered once, here. */
    private static final List<ColumnArrays.Column<CloudEvent>> EVENT_COLUMNS = List.of(
            ColumnArrays.text(event -> text(event.data(), "tenant")), ColumnArrays.text(JournalWriter::stackOf),
            ColumnArrays.text(CloudEvent::type), ColumnArrays.text(CloudEvent::toJson));

    private final JournalReader reader;
    private final String stacksSql;
    private final String eventsSql;
    private final String adoptSql;

    public JournalWriter(JournalReader reader,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.reader = reader;
        this.stacksSql = STACKS.formatted(schema);
        this.eventsSql = EVENTS.formatted(schema);
        this.adoptSql = ADOPT.formatted(schema);
    }

    /**
     * Appends the events in their order; runs inside the processor's transaction. Three statements a batch, not
     * two an event (one more for each stack that learns its parent): the append lock, the batch's stacks, then every
     * event at once. The transaction is what a stream's client waits for, so its round trips are its latency: the
     * statements go out together, on the session's connection (one round trip; PostgreSQL still runs them one after
     * the other, each seeing what the one before it did and, after the lock, every append committed before).
     */
    public Uni<Void> append(List<CloudEvent> events) {
        List<CloudEvent> shown = events.stream().filter(JournalWriter::shown).toList();
        if (shown.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        Collection<NamedStack> stacks = stacks(shown);
        return Panache.getSession().chain(session -> {
            ReactiveConnection connection = SessionConnections.connection(session);
            List<CompletionStage<?>> statements = new ArrayList<>();
            statements.add(connection.select(LOCK));
            statements.add(connection.update(stacksSql, ColumnArrays.arrays(List.copyOf(stacks), STACK_COLUMNS)));
            stacks.stream().filter(stack -> stack.parent() != null)
                    .forEach(stack -> statements.add(connection.update(adoptSql, new Object[] {stack.stack()})));
            Object[] rows = ColumnArrays.arrays(shown, EVENT_COLUMNS);
            statements.add(connection.update(eventsSql, new Object[] {reader.channel(), rows[0], rows[1], rows[2],
                rows[3]}));
            return Uni.combine().all().unis(statements.stream()
                    .map(statement -> Uni.createFrom().completionStage(statement)).toList()).discardItems();
        });
    }

    /** A stack as the batch names it: its tenant, latest name and first parent. */
    private record NamedStack(String stack, String tenant, String name, String parent) {
    }

    /** The distinct stacks of the events, in the order they first appear. */
    private static Collection<NamedStack> stacks(List<CloudEvent> events) {
        Map<String, NamedStack> stacks = new LinkedHashMap<>();
        for (CloudEvent event : events) {
            String id = stackOf(event);
            stacks.merge(id, new NamedStack(id, text(event.data(), "tenant"), text(event.data(), "stackName"),
                    text(event.data(), "parentStackId")), (known, next) -> new NamedStack(id, known.tenant(),
                    next.name() != null ? next.name() : known.name(),
                    known.parent() != null ? known.parent() : next.parent()));
        }
        return stacks.values();
    }

    /** Whether a client may be shown the event: it names a tenant and a stack. */
    private static boolean shown(CloudEvent event) {
        if (text(event.data(), "tenant") != null && stackOf(event) != null) {
            return true;
        }
        LOG.debugf("event %s of type %s names no tenant or stack: not journaled", event.id(), event.type());
        return false;
    }

    private static String stackOf(CloudEvent event) {
        String stack = text(event.data(), "stackId");
        return stack != null ? stack : event.subject();
    }

    private static String text(JsonNode data, String field) {
        JsonNode value = data == null ? null : data.get(field);
        return value == null || !value.isTextual() || value.asText().isBlank() ? null : value.asText();
    }
}
