package io.hearth.notifier.journal;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.CloudEvent;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
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

    private static final String LOCK = "select count(*) from (select pg_advisory_xact_lock(" + APPEND_LOCK + ")) l";

    /**
     * One statement per event: records (or refreshes) its stack, then appends the event with the stack's root.
     * A stack whose parent is not known yet is the root of its own tree until then.
     */
    private static final String APPEND = "with stack as ("
            + " insert into {h-schema}client_stack as s (stack_id, tenant, stack_name, parent_stack_id, root_stack_id)"
            + " values (cast(:stack as text), cast(:tenant as text), cast(:name as text), cast(:parent as text),"
            + " coalesce((select p.root_stack_id from {h-schema}client_stack p where p.stack_id = cast(:parent as text)),"
            + " cast(:parent as text), cast(:stack as text)))"
            + " on conflict (stack_id) do update set stack_name = coalesce(excluded.stack_name, s.stack_name),"
            + " parent_stack_id = coalesce(s.parent_stack_id, excluded.parent_stack_id),"
            + " root_stack_id = case when s.parent_stack_id is null and excluded.parent_stack_id is not null"
            + " then excluded.root_stack_id else s.root_stack_id end, seen_at = now()"
            + " returning s.root_stack_id)"
            + " insert into {h-schema}client_event (tenant, stack_id, root_stack_id, type, payload)"
            + " select cast(:tenant as text), cast(:stack as text), root_stack_id, cast(:type as text),"
            + " cast(:payload as text) from stack";

    /** A stack that just learnt its parent takes its descendants (rooted at it so far) into its tree. */
    private static final String ADOPT = "update {h-schema}client_stack c set root_stack_id = n.root_stack_id"
            + " from {h-schema}client_stack n where n.stack_id = cast(:stack as text)"
            + " and n.root_stack_id <> n.stack_id and c.root_stack_id = n.stack_id and c.stack_id <> n.stack_id";

    private final JournalReader reader;

    public JournalWriter(JournalReader reader) {
        this.reader = reader;
    }

    /** Appends the events in their order; runs inside the processor's transaction. */
    public Uni<Void> append(List<CloudEvent> events) {
        List<CloudEvent> shown = events.stream().filter(JournalWriter::shown).toList();
        if (shown.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Panache.getSession().chain(session -> session.createNativeQuery(LOCK).getSingleResult()
                .chain(() -> Multi.createFrom().iterable(shown)
                        .onItem().transformToUniAndConcatenate(event -> append(event))
                        .collect().last())
                .chain(() -> session.createNativeQuery(reader.notifySql()).executeUpdate()))
                .replaceWithVoid();
    }

    private static Uni<Integer> append(CloudEvent event) {
        String parent = text(event.data(), "parentStackId");
        String stack = stackOf(event);
        return Panache.getSession().chain(session -> session.createNativeQuery(APPEND)
                .setParameter("stack", stack)
                .setParameter("tenant", text(event.data(), "tenant"))
                .setParameter("name", text(event.data(), "stackName"))
                .setParameter("parent", parent)
                .setParameter("type", event.type())
                .setParameter("payload", event.toJson())
                .executeUpdate()
                .chain(appended -> parent == null ? Uni.createFrom().item(appended)
                        : session.createNativeQuery(ADOPT).setParameter("stack", stack).executeUpdate()));
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
