package io.hearth.notifier.webhook;

import io.hearth.notifier.journal.JournalEntry;
import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The durable delivery queue ({@code webhook_delivery}, filled by {@link DeliveryFanOut}) and every statement that
 * moves it: the claim of the events to send now, and a try's result. Only the
 * head of a lane (a subscription's oldest queued event of a stack tree) is ever sent, so a lane's events reach the
 * receiver in journal order; a lane waits while its head is in flight or backing off, other lanes do not.
 */
@ApplicationScoped
public class DeliveryQueue {

    /** How many subscriptions one claim takes. */
    static final int SUBSCRIPTIONS = 64;

    private final Pool pool;
    private final String claimSubscriptions;
    private final String heads;
    private final String lease;
    private final String claimed;
    private final String delivered;
    private final String retry;
    private final String dead;
    private final String nextDue;

    public DeliveryQueue(Pool pool,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        String subscription = schema + ".webhook_subscription";
        String delivery = schema + ".webhook_delivery";
        // A lane's head: no queued event of the same subscription and stack tree before it.
        String head = " not exists (select 1 from " + delivery + " e where e.subscription_id = d.subscription_id"
                + " and e.root_stack_id = d.root_stack_id and e.seq < d.seq)";
        String inFlight = "(select count(*) from " + delivery + " f where f.subscription_id = s.id"
                + " and f.leased_until > $1)";
        // Fair between tenants: each tenant's subscriptions take turns (round-robin by claimed_at), and a claim takes
        // every tenant's first turn before any tenant's second, so a tenant with a thousand busy subscriptions
        // delays another tenant's by one claim at most.
        this.claimSubscriptions = "select s.id, s.url, s.secret, s.previous_secret, s.previous_until, "
                + inFlight + " as in_flight from " + subscription + " s where s.id in (select id from"
                + " (select s.id, s.claimed_at, row_number() over (partition by s.tenant"
                + " order by s.claimed_at nulls first, s.id) as turn from " + subscription + " s"
                + " where exists (select 1 from " + delivery + " d where d.subscription_id = s.id and d.due_at <= $1"
                + " and" + head + ") and " + inFlight + " < $2) ranked"
                + " order by turn, claimed_at nulls first limit " + SUBSCRIPTIONS + ") for update of s skip locked";
        this.heads = "select d.subscription_id, d.seq, d.stack_id, d.root_stack_id, d.payload, d.attempts from "
                + delivery + " d where d.subscription_id = any($1) and d.due_at <= $2 and" + head
                + " order by d.subscription_id, d.seq";
        this.lease = "update " + delivery + " set attempts = attempts + 1, leased_until = $3, due_at = $3"
                + " where subscription_id = $1 and seq = $2";
        this.claimed = "update " + subscription + " set claimed_at = $2 where id = any($1)";
        String fenced = " where subscription_id = $1 and seq = $2 and attempts = $3";
        // The delivered row goes; the lane's next row (its new head) is leased at once when it is due, in the same
        // statement, so a lane with a backlog goes on without waiting for a step. The statement's snapshot still
        // holds the delivered row: it is left out by seq.
        this.delivered = "with gone as (delete from " + delivery + fenced
                + " returning subscription_id, root_stack_id, seq),"
                + " next as (select d.subscription_id, d.seq, d.due_at from " + delivery + " d join gone g"
                + " on d.subscription_id = g.subscription_id and d.root_stack_id = g.root_stack_id"
                + " where d.seq <> g.seq order by d.seq limit 1 for update of d skip locked)"
                + " update " + delivery + " w set attempts = w.attempts + 1, leased_until = $5, due_at = $5"
                + " from next, " + subscription + " s where next.due_at <= $4 and w.subscription_id ="
                + " next.subscription_id and w.seq = next.seq and s.id = w.subscription_id"
                + " returning w.subscription_id, w.seq, w.stack_id, w.root_stack_id, w.payload, w.attempts, s.url,"
                + " s.secret, s.previous_secret, s.previous_until";
        this.retry = "update " + delivery + " set due_at = $4, leased_until = null, last_status = $5,"
                + " last_error = $6" + fenced;
        this.dead = "with gone as (delete from " + delivery + fenced + " returning *)"
                + " insert into " + schema + ".webhook_dead_letter (id, subscription_id, seq, stack_id, root_stack_id,"
                + " type, payload, attempts, last_status, last_error, failed_at)"
                + " select $4, subscription_id, seq, stack_id, root_stack_id, type, payload, attempts, $5, $6, $7"
                + " from gone";
        this.nextDue = "select min(d.due_at) as next from " + delivery + " d where d.due_at > $1 and" + head;
    }

    /**
     * Claims the lane heads due at {@code now}, at most {@code concurrency} in flight per subscription (the
     * subscriptions' rows locked, so a replica claiming at the same time takes other subscriptions): each claimed
     * event is leased until {@code leaseUntil}, after which, unanswered, it is due again (a replica that died).
     */
    public Uni<List<Delivery>> claim(Instant now, int concurrency, Instant leaseUntil) {
        OffsetDateTime at = ColumnArrays.time(now);
        return pool.withTransaction(connection -> connection.preparedQuery(claimSubscriptions)
                .execute(Tuple.of(at, concurrency))
                .chain(rows -> {
                    Map<String, Row> subscriptions = new HashMap<>();
                    rows.forEach(row -> subscriptions.put(row.getString("id"), row));
                    return subscriptions.isEmpty() ? Uni.createFrom().item(List.<Delivery>of())
                            : lease(connection, subscriptions, now, concurrency, leaseUntil);
                }));
    }

    private Uni<List<Delivery>> lease(SqlConnection connection, Map<String, Row> subscriptions, Instant now,
            int concurrency, Instant leaseUntil) {
        String[] ids = subscriptions.keySet().toArray(String[]::new);
        OffsetDateTime at = ColumnArrays.time(now);
        return connection.preparedQuery(heads).execute(Tuple.of(ids, at)).chain(rows -> {
            Map<String, Integer> room = new HashMap<>();
            subscriptions.forEach((id, s) -> room.put(id, concurrency - s.getLong("in_flight").intValue()));
            List<Delivery> claims = new ArrayList<>();
            List<Tuple> leases = new ArrayList<>();
            for (Row row : rows) {
                String id = row.getString("subscription_id");
                if (room.merge(id, -1, Integer::sum) < 0) {
                    continue;
                }
                Delivery claim = delivery(row, subscriptions.get(id), now);
                claims.add(new Delivery(claim.subscriptionId(), claim.url(), claim.secret(), claim.previousSecret(),
                        claim.entry(), claim.attempt() + 1));
                leases.add(Tuple.of(id, claim.entry().seq(), ColumnArrays.time(leaseUntil)));
            }
            if (leases.isEmpty()) {
                return Uni.createFrom().item(claims);
            }
            return connection.preparedQuery(lease).executeBatch(leases)
                    .chain(() -> connection.preparedQuery(claimed).execute(Tuple.of(ids, at)))
                    .replaceWith(claims);
        });
    }

    /**
     * The receiver took the event: it leaves the queue, and its lane's next event is the head; when that one is due
     * it is leased until {@code leaseUntil} and returned, to be sent at once (it takes the delivered one's place
     * among the subscription's tries in flight).
     */
    public Uni<Optional<Delivery>> delivered(Delivery delivery, Instant now, Instant leaseUntil) {
        return pool.preparedQuery(delivered).execute(fence(delivery).addValue(ColumnArrays.time(now))
                .addValue(ColumnArrays.time(leaseUntil))).map(rows -> {
                    var found = rows.iterator();
                    if (!found.hasNext()) {
                        return Optional.empty();
                    }
                    Row row = found.next();
                    return Optional.of(delivery(row, row, now));
                });
    }

    /** The try failed: the event is tried again at {@code dueAt}. */
    public Uni<Void> retry(Delivery delivery, Instant dueAt, Integer status, String error) {
        return pool.preparedQuery(retry).execute(fence(delivery).addValue(ColumnArrays.time(dueAt))
                .addValue(status).addValue(error)).replaceWithVoid();
    }

    /** The last try failed: the event becomes a dead letter, and its lane goes on with the next one. */
    public Uni<Void> dead(Delivery delivery, Integer status, String error, Instant now) {
        return pool.preparedQuery(dead).execute(fence(delivery).addValue(UUID.randomUUID().toString())
                .addValue(status).addValue(error).addValue(ColumnArrays.time(now))).replaceWithVoid();
    }

    /** When the earliest lane head that is not due yet will be (a backoff's or a lease's end); null for none. */
    public Uni<Instant> nextDue(Instant now) {
        return pool.preparedQuery(nextDue).execute(Tuple.of(ColumnArrays.time(now))).map(rows -> {
            OffsetDateTime next = rows.iterator().next().getOffsetDateTime("next");
            return next == null ? null : next.toInstant();
        });
    }

    /** A try of the queued event {@code row} (its attempts as counted there) for the subscription {@code s}. */
    private static Delivery delivery(Row row, Row s, Instant now) {
        return new Delivery(row.getString("subscription_id"), s.getString("url"), s.getString("secret"),
                Delivery.previousAt(s.getString("previous_secret"), instant(s, "previous_until"), now),
                new JournalEntry(row.getLong("seq"), null, row.getString("stack_id"), row.getString("root_stack_id"),
                        row.getString("payload")), row.getInteger("attempts"));
    }

    private static Tuple fence(Delivery delivery) {
        return Tuple.of(delivery.subscriptionId(), delivery.entry().seq(), delivery.attempt());
    }

    private static Instant instant(Row row, String column) {
        OffsetDateTime time = row.getOffsetDateTime(column);
        return time == null ? null : time.toInstant();
    }
}
