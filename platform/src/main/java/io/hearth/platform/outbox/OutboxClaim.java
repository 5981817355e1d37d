package io.hearth.platform.outbox;

import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Claims a relay transaction's batch, by key: two statements in the transaction. The first takes up to a batch of
 * unpublished rows, oldest first, each only with its key's advisory lock ({@link #KEY_LOCK}), and removes (or
 * marks) them; the second, whose snapshot is taken after every lock of the batch was, looks for unpublished rows
 * of the batch's keys written before the batch's last row of that key (none of them is the batch's). A key with
 * such a row is deferred: its rows go back unsent ({@link RelayOutcomeWriter}), and the next claim takes the key
 * at its earliest row.
 *
 * <p>The first statement alone cannot tell: its snapshot is taken before its scan, and a relay that held a key when
 * the scan passed the key's first rows by may commit before the scan reaches a later one, whose lock is then free.
 * Whether that relay published the rows passed by or left them unpublished (held back for another attempt, they go
 * back into the table in its commit; a crash's rollback leaves them) only a later snapshot shows: without the
 * second statement, the later row would be sent before them.
 */
final class OutboxClaim {

    /**
     * The first key of the relays' PostgreSQL advisory locks, one per (topic, Kafka key) hashed into the second
     * (two-key form, apart from single-key locks such as Flyway's): a relay transaction holds the lock of every
     * key it claimed until it commits. Hash collisions only make two keys wait for each other.
     */
    static final int KEY_LOCK = 0x68727479;

    /**
     * A claimed batch.
     *
     * @param rows     the rows to send, in the order they were written
     * @param deferred the claimed rows of keys with an earlier unpublished row, to go back unsent
     */
    record Batch(List<OutboxEvent> rows, List<OutboxEvent> deferred) {

        static final Batch EMPTY = new Batch(List.of(), List.of());

        boolean isEmpty() {
            return rows.isEmpty() && deferred.isEmpty();
        }
    }

    /** Set before the look for earlier rows, for the rest of the transaction (see {@link #earlierStatement}). */
    static final String NO_SEQ_SCAN = "set local enable_seqscan = off";

    private final String claim;
    private final String earlier;
    private final int batchSize;
    private final boolean delete;

    OutboxClaim(String schema, int batchSize, boolean delete) {
        this.claim = claimStatement(schema, delete);
        this.earlier = earlierStatement(schema);
        this.batchSize = batchSize;
        this.delete = delete;
    }

    /**
     * The statement that claims a batch ({@code $1} rows) and marks it published ({@code $2}, the time) or, with
     * {@code delete} (no retention), deletes it, returning the rows. It commits only after the broker answered
     * every record (RelayOutcomeWriter puts back what it did not acknowledge), and a failure before that rolls
     * it back with the claim. A row is taken only with its key's lock (KEY_LOCK), which the first row of the key
     * in the scan takes and the transaction holds, so no other relay claims a row of a key whose rows this one
     * is still sending.
     *
     * <p>The claim names its rows by {@code ctid}, computed once ({@code = any(array(...))}), and the write finds
     * them by a TID scan: its cost is the batch's whatever the table's statistics say. The statistics are usually
     * those of an empty queue (autovacuum runs between bursts), and with {@code id in (select ...)} the planner
     * then joined the claim to a scan of the whole table, so that each claim's cost grew with the backlog, or with
     * its square (1.3 s a claim with 27,000 rows queued by the delete of a bench's stacks). A locked row's ctid
     * cannot change before the write: no other transaction can update it, and this one does not before.
     */
    static String claimStatement(String schema, boolean delete) {
        String claimed = " where ctid = any(array(select ctid from " + schema + ".outbox_event"
                + " where published_at is null and pg_try_advisory_xact_lock(" + KEY_LOCK + ", hashtext(topic || '/' || aggregateid))"
                + " order by seq limit $1 for update skip locked)) returning seq, id, aggregatetype, aggregateid,"
                + " type, topic, payload, timestamp";
        return delete ? "delete from " + schema + ".outbox_event" + claimed
                : "update " + schema + ".outbox_event set published_at = $2" + claimed;
    }

    /**
     * The statement that answers, of the keys ({@code $1} topics, {@code $2} keys) and the {@code seq} of the
     * batch's last row of each ({@code $3}), those with an unpublished row written before it: after the claim, in
     * its transaction, such a row is not the batch's. Per key, a subquery the planner cannot turn into a join (with
     * the statistics of an empty queue it would hash the whole table) probes {@code outbox_event_unpublished_key},
     * reading the key's rows the claim took (dead to this transaction) and at most one more; its "unpublished" is
     * that index's predicate, which {@code outbox_event_unpublished} does not serve (V0_8), and {@link #NO_SEQ_SCAN}
     * runs first: with those statistics the planner took a scan of the whole table per key for the cheapest.
     */
    static String earlierStatement(String schema) {
        return "select topic, aggregateid from unnest($1::varchar[], $2::varchar[], $3::int8[]) k(topic, aggregateid,"
                + " last) where (select e.seq from " + schema + ".outbox_event e where num_nulls(e.published_at) = 1"
                + " and e.topic = k.topic and e.aggregateid = k.aggregateid and e.seq < k.last limit 1) is not null";
    }

    /** Claims a batch in the connection's transaction. */
    Uni<Batch> take(SqlConnection connection) {
        Tuple parameters = delete ? Tuple.of(batchSize) : Tuple.of(batchSize, ColumnArrays.time(Instant.now()));
        return connection.preparedQuery(claim).execute(parameters).map(OutboxClaim::rows).chain(rows -> {
            if (rows.isEmpty()) {
                return Uni.createFrom().item(Batch.EMPTY);
            }
            Map<List<String>, Long> last = new LinkedHashMap<>(); // per key, the seq of its last row in the batch
            rows.forEach(row -> last.put(List.of(row.topic, row.aggregateid), row.seq));
            Tuple keys = Tuple.of(last.keySet().stream().map(key -> key.get(0)).toArray(String[]::new),
                    last.keySet().stream().map(key -> key.get(1)).toArray(String[]::new),
                    last.values().toArray(Long[]::new));
            // The connection pipelines them; PostgreSQL runs them in this order.
            Uni<?> noSeqScan = connection.query(NO_SEQ_SCAN).execute();
            return Uni.combine().all().unis(noSeqScan, connection.preparedQuery(earlier).execute(keys))
                    .with((set, behind) -> defer(rows, behind));
        });
    }

    private static List<OutboxEvent> rows(Iterable<Row> result) {
        List<Row> claimed = new ArrayList<>();
        result.forEach(claimed::add);
        claimed.sort(Comparator.comparingLong(row -> row.getLong("seq"))); // RETURNING has no order of its own
        List<OutboxEvent> batch = new ArrayList<>(claimed.size());
        for (Row row : claimed) {
            OutboxEvent event = new OutboxEvent();
            event.seq = row.getLong("seq");
            event.id = row.getUUID("id");
            event.aggregatetype = row.getString("aggregatetype");
            event.aggregateid = row.getString("aggregateid");
            event.type = row.getString("type");
            event.topic = row.getString("topic");
            event.payload = row.getString("payload");
            event.timestamp = row.getOffsetDateTime("timestamp").toInstant();
            batch.add(event);
        }
        return batch;
    }

    /** Splits the claimed rows: those of the keys with an earlier unpublished row are deferred. */
    private static Batch defer(List<OutboxEvent> rows, Iterable<Row> behind) {
        Set<List<String>> deferredKeys = new HashSet<>();
        behind.forEach(row -> deferredKeys.add(List.of(row.getString("topic"), row.getString("aggregateid"))));
        if (deferredKeys.isEmpty()) {
            return new Batch(rows, List.of());
        }
        Map<Boolean, List<OutboxEvent>> split = rows.stream().collect(Collectors.partitioningBy(
                row -> deferredKeys.contains(List.of(row.topic, row.aggregateid))));
        return new Batch(split.get(false), split.get(true));
    }
}
