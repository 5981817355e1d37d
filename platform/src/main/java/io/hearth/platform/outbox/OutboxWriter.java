package io.hearth.platform.outbox;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.ZoneOffset;
import java.util.ArrayList;
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

    private final String insert;
    private final OutboxNotifications notifications;

    public OutboxWriter(OutboxNotifications notifications,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.notifications = notifications;
        this.insert = "insert into " + schema + ".outbox_event"
                + " (id, aggregatetype, aggregateid, type, topic, payload, timestamp)"
                + " values ($1, $2, $3, $4, $5, $6::text::jsonb, $7)";
    }

    /** Inserts the rows in their order (the relay publishes in it) and notifies the relay. */
    public Uni<Void> write(SqlConnection connection, List<OutboxEvent> rows) {
        if (rows.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<Tuple> batch = new ArrayList<>(rows.size());
        for (OutboxEvent row : rows) {
            batch.add(Tuple.from(new Object[] {row.id, row.aggregatetype, row.aggregateid, row.type, row.topic, row.payload,
                    row.timestamp.atOffset(ZoneOffset.UTC)}));
        }
        return connection.preparedQuery(insert).executeBatch(batch)
                .chain(() -> connection.query(notifications.notifySql()).execute())
                .replaceWithVoid();
    }
}
