package io.hearth.notifier.journal;

import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Reads the journal: pages of events after a sequence (for a stream's scope, or all of them for the shared tail),
 * the newest sequence, and the stacks a tenant may follow. Every query takes one pooled connection for one
 * statement, outside any transaction.
 */
@ApplicationScoped
public class JournalReader {

    private static final String COLUMNS = "seq, tenant, stack_id, root_stack_id, payload";

    private final Pool pool;
    private final String channel;
    private final String all;
    private final String ofTenant;
    private final String ofStack;
    private final String head;
    private final String stackById;
    private final String stackByName;

    public JournalReader(Pool pool,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        this.channel = (schema + "_journal").toLowerCase().replaceAll("[^a-z0-9_]", "_");
        String from = " from " + schema + ".client_event where seq > $1";
        this.all = "select " + COLUMNS + from + " order by seq limit $2";
        this.ofTenant = "select " + COLUMNS + from + " and tenant = $3 order by seq limit $2";
        this.ofStack = "select " + COLUMNS + from + " and tenant = $3 and (root_stack_id = $4 or stack_id = $4)"
                + " order by seq limit $2";
        this.head = "select coalesce(max(seq), 0) as head from " + schema + ".client_event";
        String stack = "select stack_id, stack_name from " + schema + ".client_stack where tenant = $1";
        this.stackById = stack + " and stack_id = $2";
        this.stackByName = stack + " and stack_name = $2 order by seen_at desc limit 1";
    }

    /** The channel of the journal's commit notifications. */
    public String channel() {
        return channel;
    }

    /** At most {@code limit} events after {@code after}, of every tenant and stack, in order. */
    public Uni<List<JournalEntry>> page(long after, int limit) {
        return entries(pool.preparedQuery(all).execute(Tuple.of(after, limit)));
    }

    /** At most {@code limit} events the scope carries after {@code after}, in order. */
    public Uni<List<JournalEntry>> page(StreamScope scope, long after, int limit) {
        return entries(scope.stackId() == null
                ? pool.preparedQuery(ofTenant).execute(Tuple.of(after, limit, scope.tenant()))
                : pool.preparedQuery(ofStack).execute(Tuple.of(after, limit, scope.tenant(), scope.stackId())));
    }

    /** The newest sequence in the journal, 0 when it is empty. */
    public Uni<Long> head() {
        return pool.query(head).execute().map(rows -> rows.iterator().next().getLong("head"));
    }

    /**
     * The id of the tenant's stack named {@code stack} (an id, or a name: the latest stack of that name); when
     * {@code id} is given, the stack of that id whose name is {@code stack}. Empty for another tenant's stack,
     * or one no event named yet.
     */
    public Uni<Optional<String>> findStack(String tenant, String stack, String id) {
        if (id != null) {
            return pool.preparedQuery(stackById).execute(Tuple.of(tenant, id)).map(rows -> first(rows)
                    .filter(row -> row.getString("stack_name") == null || stack.equals(row.getString("stack_name"))
                            || stack.equals(id))
                    .map(row -> row.getString("stack_id")));
        }
        return pool.preparedQuery(stackById).execute(Tuple.of(tenant, stack))
                .chain(rows -> first(rows).isPresent() ? Uni.createFrom().item(rows)
                        : pool.preparedQuery(stackByName).execute(Tuple.of(tenant, stack)))
                .map(rows -> first(rows).map(row -> row.getString("stack_id")));
    }

    private static Optional<Row> first(RowSet<Row> rows) {
        var iterator = rows.iterator();
        return iterator.hasNext() ? Optional.of(iterator.next()) : Optional.empty();
    }

    private static Uni<List<JournalEntry>> entries(Uni<RowSet<Row>> query) {
        return query.map(rows -> {
            List<JournalEntry> entries = new ArrayList<>(rows.size());
            rows.forEach(row -> entries.add(new JournalEntry(row.getLong("seq"), row.getString("tenant"),
                    row.getString("stack_id"), row.getString("root_stack_id"), row.getString("payload"))));
            return entries;
        });
    }
}
