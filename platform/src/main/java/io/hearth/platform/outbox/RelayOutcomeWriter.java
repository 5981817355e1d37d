package io.hearth.platform.outbox;

import static io.hearth.platform.sql.ColumnArrays.number;
import static io.hearth.platform.sql.ColumnArrays.text;
import static io.hearth.platform.sql.ColumnArrays.time;
import static io.hearth.platform.sql.ColumnArrays.uuid;

import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Writes what the relay's claim did not settle, in the batch's transaction: the claim removed (or, with a
 * retention, marked) every row it returned, as if all were published; a dead-lettered row goes to
 * {@code outbox_dead_letter} instead, and a held-back or deferred row is put back unpublished in its place
 * ({@code seq}) for the next attempt. Both modes take the same statements (removing a row the claim deleted already is a
 * no-op). Nothing is written when the whole batch was acknowledged, the usual case.
 */
@ApplicationScoped
public class RelayOutcomeWriter {

    private static final List<ColumnArrays.Column<OutboxEvent>> ROW = List.of(uuid(row -> row.id),
            number(row -> row.seq), text(row -> row.aggregatetype), text(row -> row.aggregateid),
            text(row -> row.type), text(row -> row.topic), text(row -> row.payload), time(row -> row.timestamp));

    private final String deadLetter;
    private final String remove;
    private final String restore;

    public RelayOutcomeWriter(@ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        String columns = "id, seq, aggregatetype, aggregateid, type, topic, payload, timestamp";
        String rows = " from unnest($1::uuid[], $2::int8[], $3::varchar[], $4::varchar[], $5::varchar[],"
                + " $6::varchar[], $7::text[], $8::timestamptz[]";
        this.deadLetter = "insert into " + schema + ".outbox_dead_letter (" + columns + ", reason, failed_at)"
                + " select " + columns + ", reason, $10::timestamptz" + rows + ", $9::text[]) as r(" + columns
                + ", reason)";
        this.remove = "delete from " + schema + ".outbox_event where id = any($1)";
        // The row keeps its seq, so it is published before every row written after it.
        this.restore = "insert into " + schema + ".outbox_event (" + columns + ") overriding system value select "
                + columns + rows + ") as r(" + columns + ")";
    }

    /** Moves the dead-lettered rows and puts the held-back and deferred rows back; nothing when there are none. */
    Uni<Void> write(SqlConnection connection, RelayOutcome outcome) {
        List<OutboxEvent> dead = outcome.deadLettered().stream().map(RelayOutcome.DeadLetter::row).toList();
        List<OutboxEvent> putBack = outcome.putBack();
        List<OutboxEvent> unsettled = new ArrayList<>(dead);
        unsettled.addAll(putBack);
        if (unsettled.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        List<Uni<?>> statements = new ArrayList<>();
        statements.add(connection.preparedQuery(remove)
                .execute(Tuple.of(unsettled.stream().map(row -> row.id).toArray(UUID[]::new))));
        if (!dead.isEmpty()) {
            statements.add(connection.preparedQuery(deadLetter).execute(ColumnArrays.tuple(dead, ROW)
                    .addValue(outcome.deadLettered().stream().map(RelayOutcome.DeadLetter::reason)
                            .toArray(String[]::new))
                    .addValue(ColumnArrays.time(Instant.now()))));
        }
        if (!putBack.isEmpty()) {
            statements.add(connection.preparedQuery(restore).execute(ColumnArrays.tuple(putBack, ROW)));
        }
        // The connection pipelines them; PostgreSQL runs them in this order.
        return Uni.combine().all().unis(statements).discardItems();
    }
}
