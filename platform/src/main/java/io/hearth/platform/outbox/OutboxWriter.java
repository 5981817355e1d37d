package io.hearth.platform.outbox;

import static io.hearth.platform.sql.ColumnArrays.text;
import static io.hearth.platform.sql.ColumnArrays.time;
import static io.hearth.platform.sql.ColumnArrays.uuid;

import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Writes outbox rows through a plain SQL connection of the reactive pool, inside the caller's transaction
 * on that connection: for write paths that do without Hibernate (several requests per transaction). The
 * rows are {@link Outbox#row built} as {@link Outbox} builds its own, and the same NOTIFY wakes the relay
 * at commit, once per call.
 */
@ApplicationScoped
public class OutboxWriter {

    private static final List<ColumnArrays.Column<OutboxEvent>> COLUMNS = List.of(uuid(row -> row.id),
            text(row -> row.aggregatetype), text(row -> row.aggregateid), text(row -> row.type), text(row -> row.topic),
            text(row -> row.payload), time(row -> row.timestamp));

    private final String insert;
    private final OutboxNotifications notifications;

    public OutboxWriter(OutboxNotifications notifications,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.notifications = notifications;
        // One statement for all rows; "order by n" keeps their order in the seq the relay publishes by.
        this.insert = "insert into " + schema + ".outbox_event"
                + " (id, aggregatetype, aggregateid, type, topic, payload, timestamp)"
                + " select id, aggregatetype, aggregateid, type, topic, payload, timestamp from unnest($1::uuid[],"
                + " $2::varchar[], $3::varchar[], $4::varchar[], $5::varchar[], $6::text[], $7::timestamptz[])"
                + " with ordinality as r(id, aggregatetype, aggregateid, type, topic, payload, timestamp, n) order by n";
    }

    /** Inserts the rows in their order (the relay publishes in it) and notifies the relay. */
    public Uni<Void> write(SqlConnection connection, List<OutboxEvent> rows) {
        if (rows.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        // Both statements go at once (the connection pipelines them); the NOTIFY takes effect at commit.
        return Uni.combine().all().unis(connection.preparedQuery(insert).execute(ColumnArrays.tuple(rows, COLUMNS)),
                connection.query(notifications.notifySql()).execute()).discardItems();
    }
}
