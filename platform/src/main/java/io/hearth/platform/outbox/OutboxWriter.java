package io.hearth.platform.outbox;

import static io.hearth.platform.sql.ColumnArrays.text;
import static io.hearth.platform.sql.ColumnArrays.time;
import static io.hearth.platform.sql.ColumnArrays.uuid;

import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.concurrent.CompletionStage;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.hibernate.reactive.pool.ReactiveConnection;

/**
 * Writes outbox rows in one statement, inside the caller's transaction: all of them (in their order, which the relay
 * publishes in; a key's events on a topic that batches as one row, {@link OutboxBatches}) and the {@code NOTIFY} that
 * wakes the relay at commit. {@link Outbox} writes a transaction's rows
 * through it just before the commit; write paths that do without Hibernate (several requests per transaction) call
 * it on their own connection.
 */
@ApplicationScoped
public class OutboxWriter {

    private static final List<ColumnArrays.Column<OutboxEvent>> COLUMNS = List.of(uuid(row -> row.id),
            text(row -> row.aggregatetype), text(row -> row.aggregateid), text(row -> row.type), text(row -> row.topic),
            text(row -> row.payload), time(row -> row.timestamp));

    private final String insert;

    public OutboxWriter(OutboxNotifications notifications,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        // "order by n" keeps the rows' order in the seq the relay publishes by; the insert runs whether or not the
        // select reads it, and the notification is delivered at commit.
        this.insert = "with written as (insert into " + schema + ".outbox_event"
                + " (id, aggregatetype, aggregateid, type, topic, payload, timestamp)"
                + " select id, aggregatetype, aggregateid, type, topic, payload, timestamp from unnest($1::uuid[],"
                + " $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::text[], $7::timestamptz[])"
                + " with ordinality as r(id, aggregatetype, aggregateid, type, topic, payload, timestamp, n) order by n"
                + " returning 1) select pg_notify('" + notifications.channel() + "', '')";
    }

    /** Inserts the rows in their order and notifies the relay, on a plain SQL connection. */
    public Uni<Void> write(SqlConnection connection, List<OutboxEvent> rows) {
        if (rows.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return connection.preparedQuery(insert).execute(ColumnArrays.tuple(OutboxBatches.batched(rows), COLUMNS))
                .replaceWithVoid();
    }

    /** The same on a Hibernate Reactive session's connection. */
    CompletionStage<Void> write(ReactiveConnection connection, List<OutboxEvent> rows) {
        return connection.select(insert, ColumnArrays.arrays(OutboxBatches.batched(rows), COLUMNS))
                .thenApply(ignored -> null);
    }
}
