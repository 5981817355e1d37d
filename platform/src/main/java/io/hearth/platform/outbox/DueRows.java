package io.hearth.platform.outbox;

import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.SqlConnection;
import io.vertx.mutiny.sqlclient.Tuple;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One step of a durable timer's {@link ContextLoop} over rows with a due time: in one transaction, claims the rows
 * that are due ({@code claim}, with {@code $1} = now, written {@code ... for update skip locked} so replicas share
 * them) and works them, then asks for the next step at once; with none due, does the idle work (may be null) and
 * sleeps {@link ContextLoop#untilEarliest until the earliest due time} {@code nextDue} answers.
 */
public final class DueRows {

    /** What a step does with the rows it claimed (or, idle, with none), in its transaction. */
    public interface Work {
        Uni<Void> apply(SqlConnection connection, List<Row> due, Instant now);
    }

    private DueRows() {
    }

    /** Runs one step; how long to sleep before the next. */
    public static Uni<Duration> step(Pool pool, String claim, String nextDue, Duration longest, Work work,
            Work idle) {
        Instant now = Instant.now();
        return pool.withTransaction(connection -> connection.preparedQuery(claim)
                .execute(Tuple.of(ColumnArrays.time(now)))
                .chain(rows -> {
                    List<Row> due = new ArrayList<>();
                    rows.forEach(due::add);
                    if (!due.isEmpty()) {
                        return work.apply(connection, due, now).replaceWith(Duration.ZERO);
                    }
                    Uni<Void> idled = idle == null ? Uni.createFrom().voidItem() : idle.apply(connection, due, now);
                    return idled.chain(() -> ContextLoop.untilEarliest(connection, nextDue, longest));
                }));
    }
}
