package io.hearth.platform.rest;

import io.vertx.pgclient.PgException;
import io.vertx.sqlclient.DatabaseException;
import java.sql.SQLException;

/**
 * What a database refusal that reached the HTTP edge means for the client. Requests are checked before
 * any SQL runs (lengths, formats, names); this is the safety net for what a check misses or a race
 * decides: a unique key taken by a concurrent request is a 409, a value the column cannot hold or a
 * constraint the row breaks is a 400, never a 500. Works through the cause chain, whether the reactive
 * client's {@link DatabaseException} arrives bare or wrapped by Hibernate Reactive.
 */
public final class DatabaseErrors {

    /** PostgreSQL's unique_violation. */
    public static final String UNIQUE_VIOLATION = "23505";

    private DatabaseErrors() {
    }

    /** The SQLSTATE of the first database error in {@code failure}'s cause chain, or null when there is none. */
    public static String sqlState(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof DatabaseException db && db.getSqlState() != null) {
                return db.getSqlState();
            }
            if (cause instanceof SQLException sql && sql.getSQLState() != null) {
                return sql.getSQLState();
            }
        }
        return null;
    }

    /** Whether {@code failure} is, or was caused by, a unique key another row already holds. */
    public static boolean isUniqueViolation(Throwable failure) {
        return UNIQUE_VIOLATION.equals(sqlState(failure));
    }

    /**
     * The refusal a database error stands for: 409 for a unique key in use, 400 for any other integrity
     * constraint (class 23: not null, check, foreign key) or data exception (class 22: too long, out of range,
     * invalid text representation, a character the database cannot store); null when the failure is no
     * database error or not the request's doing.
     */
    public static ApiException refusal(Throwable failure) {
        String state = sqlState(failure);
        if (state == null) {
            return null;
        }
        String reason = reason(failure);
        if (UNIQUE_VIOLATION.equals(state)) {
            return new ApiException(409, "Conflict", "The request conflicts with an existing one: " + reason);
        }
        if (state.startsWith("23")) {
            return ApiException.badRequest("InvalidRequest", "The request breaks a constraint: " + reason);
        }
        if (state.startsWith("22")) {
            return ApiException.badRequest("InvalidRequest", "A value of the request cannot be stored: " + reason);
        }
        return null;
    }

    /** The database's own words: PostgreSQL's detail when it names the key, else its message. */
    private static String reason(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof PgException pg) {
                return pg.getDetail() != null && pg.getSqlState().startsWith("23") ? pg.getDetail()
                        : pg.getErrorMessage();
            }
            if (cause instanceof DatabaseException || cause instanceof SQLException) {
                return cause.getMessage();
            }
        }
        return "";
    }
}
