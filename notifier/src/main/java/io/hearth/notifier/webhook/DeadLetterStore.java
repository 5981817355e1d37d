package io.hearth.notifier.webhook;

import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A subscription's dead letters ({@code webhook_dead_letter}): listed, replayed (back into the delivery queue with
 * their journal sequence, so each is its lane's head again and is tried from the first try) or deleted. The
 * callers check the subscription is the tenant's first.
 */
@ApplicationScoped
public class DeadLetterStore {

    private final Pool pool;
    private final String list;
    private final String replay;
    private final String delete;

    public DeadLetterStore(Pool pool,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        String table = schema + ".webhook_dead_letter";
        this.list = "select id, seq, stack_id, type, payload, attempts, last_status, last_error, failed_at from "
                + table + " where subscription_id = $1 order by seq";
        this.replay = "with gone as (delete from " + table + " where subscription_id = $1"
                + " and (cast($2 as text) is null or id = $2) returning *)"
                + " insert into " + schema + ".webhook_delivery (subscription_id, seq, stack_id, root_stack_id, type,"
                + " payload, due_at) select subscription_id, seq, stack_id, root_stack_id, type, payload, $3 from gone"
                + " on conflict do nothing";
        this.delete = "delete from " + table + " where subscription_id = $1 and id = $2";
    }

    /** The subscription's dead letters in journal order. */
    public Uni<List<DeadLetter>> list(String subscriptionId) {
        return pool.preparedQuery(list).execute(Tuple.of(subscriptionId)).map(rows -> {
            List<DeadLetter> letters = new ArrayList<>(rows.size());
            rows.forEach(row -> letters.add(new DeadLetter(row.getString("id"), row.getLong("seq"),
                    row.getString("stack_id"), row.getString("type"), row.getString("payload"),
                    row.getInteger("attempts"), row.getInteger("last_status"), row.getString("last_error"),
                    row.getOffsetDateTime("failed_at").toInstant())));
            return letters;
        });
    }

    /** Queues the dead letter {@code id} (every one of the subscription's when null) again; how many. */
    public Uni<Integer> replay(String subscriptionId, String id) {
        return pool.preparedQuery(replay).execute(Tuple.of(subscriptionId, id, ColumnArrays.time(Instant.now())))
                .map(rows -> rows.rowCount());
    }

    /** Deletes a dead letter; whether there was one. */
    public Uni<Boolean> delete(String subscriptionId, String id) {
        return pool.preparedQuery(delete).execute(Tuple.of(subscriptionId, id)).map(rows -> rows.rowCount() > 0);
    }
}
