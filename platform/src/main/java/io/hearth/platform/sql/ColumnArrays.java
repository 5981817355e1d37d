package io.hearth.platform.sql;

import io.vertx.mutiny.sqlclient.Tuple;
import java.lang.reflect.Array;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import java.util.function.Function;

/**
 * Parameters of a multi-row statement on the reactive pool: each column becomes one array with a value per
 * row, for SQL that unnests them ({@code insert ... select ... from unnest($1::uuid[], $2::text[], ...)}), so
 * a batch of rows is one statement. The PostgreSQL client encodes an array by its Java element type, so each
 * column carries its type (an all-null column too).
 */
public final class ColumnArrays {

    /** A column: its Java element type and its value in a row. */
    public record Column<T>(Class<?> type, Function<T, Object> value) {
    }

    private ColumnArrays() {
    }

    public static <T> Column<T> uuid(Function<T, UUID> value) {
        return new Column<>(UUID.class, value::apply);
    }

    public static <T> Column<T> text(Function<T, String> value) {
        return new Column<>(String.class, value::apply);
    }

    public static <T> Column<T> number(Function<T, Long> value) {
        return new Column<>(Long.class, value::apply);
    }

    public static <T> Column<T> integer(Function<T, Integer> value) {
        return new Column<>(Integer.class, value::apply);
    }

    /** A {@code timestamptz} column. */
    public static <T> Column<T> time(Function<T, Instant> value) {
        return new Column<>(OffsetDateTime.class, row -> time(value.apply(row)));
    }

    /** An instant as the PostgreSQL client binds a {@code timestamptz}. */
    public static OffsetDateTime time(Instant instant) {
        return instant == null ? null : instant.atOffset(ZoneOffset.UTC);
    }

    /** The parameters: one array per column, in the columns' order. */
    public static <T> Tuple tuple(List<T> rows, List<Column<T>> columns) {
        return Tuple.from(arrays(rows, columns));
    }

    /** The same parameters as plain values (one array per column), for a client that takes an {@code Object[]}. */
    public static <T> Object[] arrays(List<T> rows, List<Column<T>> columns) {
        Object[] arrays = new Object[columns.size()];
        for (int c = 0; c < columns.size(); c++) {
            Column<T> column = columns.get(c);
            Object[] values = (Object[]) Array.newInstance(column.type(), rows.size());
            for (int r = 0; r < rows.size(); r++) {
                values[r] = column.value().apply(rows.get(r));
            }
            arrays[c] = values;
        }
        return arrays;
    }
}
