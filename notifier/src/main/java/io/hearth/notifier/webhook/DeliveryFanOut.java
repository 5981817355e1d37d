package io.hearth.notifier.webhook;

import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Fills the subscriptions' delivery queues from the journal: for each subscription, the journal events after its
 * cursor that it takes (its tenant's; of its stacks' trees, or of every stack; of its types, exact or by prefix)
 * are copied into {@code webhook_delivery}, due at once, and the cursor moves, in one statement for up to
 * {@value #SUBSCRIPTIONS} subscriptions, each locked ({@code FOR UPDATE SKIP LOCKED}) so replicas fan out different
 * ones and none twice.
 */
@ApplicationScoped
public class DeliveryFanOut {

    /** How many subscriptions one fan-out takes. */
    static final int SUBSCRIPTIONS = 64;
    /** How many journal sequence numbers one fan-out covers per subscription. */
    static final long RANGE = 10_000;

    private final Pool pool;
    private final String fanOut;

    public DeliveryFanOut(Pool pool,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        String subscription = schema + ".webhook_subscription";
        String delivery = schema + ".webhook_delivery";
        // The journal's head is read in the statement's snapshot: rows commit in seq order, so every row up to it
        // is there. A stack's subscription takes its tree, as a stream's scope does (JournalReader).
        this.fanOut = "with head as (select coalesce(max(seq), 0) as seq from " + schema + ".client_event),"
                + " subs as (select s.id, s.tenant, s.event_types, s.stack_ids, s.journal_cursor,"
                + " least(head.seq, s.journal_cursor + " + RANGE + ") as upto, head.seq as head"
                + " from " + subscription + " s, head where s.journal_cursor < head.seq"
                + " order by s.journal_cursor limit " + SUBSCRIPTIONS + " for update of s skip locked),"
                + " fanned as (insert into " + delivery
                + " (subscription_id, seq, stack_id, root_stack_id, type, payload, due_at)"
                + " select s.id, e.seq, e.stack_id, e.root_stack_id, e.type, e.payload, $1 from subs s"
                + " join " + schema + ".client_event e on e.tenant = s.tenant and e.seq > s.journal_cursor"
                + " and e.seq <= s.upto"
                + " where (cardinality(s.stack_ids) = 0 or e.root_stack_id = any(s.stack_ids)"
                + " or e.stack_id = any(s.stack_ids))"
                + " and (cardinality(s.event_types) = 0 or exists (select 1 from unnest(s.event_types) t(pattern)"
                + " where e.type = t.pattern or (right(t.pattern, 1) = '*'"
                + " and left(e.type, length(t.pattern) - 1) = left(t.pattern, -1))))"
                + " on conflict do nothing)"
                + " update " + subscription + " w set journal_cursor = subs.upto from subs where w.id = subs.id"
                + " returning subs.upto < subs.head as more";
    }

    /**
     * Queues the journal events each subscription takes, after its cursor, and moves the cursor; whether some
     * subscription still has events to fan out (the next step should run at once).
     */
    public Uni<Boolean> fill(Instant now) {
        return pool.preparedQuery(fanOut).execute(Tuple.of(ColumnArrays.time(now))).map(rows -> {
            boolean more = false;
            for (Row row : rows) {
                more |= row.getBoolean("more");
            }
            return more;
        });
    }
}
