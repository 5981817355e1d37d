package io.hearth.testsupport;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Plain JDBC access to one schema of the test database, for tests that clean tables or check
 * what a service committed, independently of the service's own data access.
 */
public final class TestDatabase {

    private final TestInfrastructure.Database database;
    private final String schema;

    private TestDatabase(TestInfrastructure.Database database, String schema) {
        this.database = database;
        this.schema = schema;
    }

    /** The given schema of the shared test database. */
    public static TestDatabase schema(String schema) {
        return new TestDatabase(TestInfrastructure.get().database(), schema);
    }

    /** Runs statements (e.g. {@code truncate}) in the schema. */
    public void execute(String... sql) {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            for (String s : sql) {
                statement.execute(s);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test SQL failed: " + e.getMessage(), e);
        }
    }

    /** The single number a query returns, e.g. a count. */
    public long queryLong(String sql, Object... args) {
        return single(sql, args, rs -> rs.getLong(1));
    }

    /** The single text a query returns, e.g. a stored payload. */
    public String queryString(String sql, Object... args) {
        return single(sql, args, rs -> rs.getString(1));
    }

    /**
     * The single text {@code query} returns after {@code before} ran, all in one transaction that is then rolled
     * back: for a look at what a statement would do (its {@code explain analyze}) without its effect.
     */
    public String queryStringRolledBack(String query, String... before) {
        try (Connection connection = connect()) {
            connection.setAutoCommit(false);
            try (Statement statement = connection.createStatement()) {
                for (String s : before) {
                    statement.execute(s);
                }
                try (ResultSet rs = statement.executeQuery(query)) {
                    if (!rs.next()) {
                        throw new IllegalStateException("no row for: " + query);
                    }
                    return rs.getString(1);
                }
            } finally {
                connection.rollback();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test SQL failed: " + e.getMessage(), e);
        }
    }

    private interface Column<T> {
        T read(ResultSet rs) throws SQLException;
    }

    private <T> T single(String sql, Object[] args, Column<T> column) {
        try (Connection connection = connect(); PreparedStatement statement = connection.prepareStatement(sql)) {
            for (int i = 0; i < args.length; i++) {
                statement.setObject(i + 1, args[i]);
            }
            try (ResultSet rs = statement.executeQuery()) {
                if (!rs.next()) {
                    throw new IllegalStateException("no row for: " + sql);
                }
                return column.read(rs);
            }
        } catch (SQLException e) {
            throw new IllegalStateException("test SQL failed: " + e.getMessage(), e);
        }
    }

    private Connection connect() throws SQLException {
        Connection connection = DriverManager.getConnection(database.jdbcUrl(), database.user(), database.password());
        try (Statement statement = connection.createStatement()) {
            statement.execute("set search_path to " + schema);
        }
        return connection;
    }
}
