package io.hearth.notifier.webhook;

import io.hearth.platform.sql.ColumnArrays;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import io.vertx.mutiny.sqlclient.RowSet;
import io.vertx.mutiny.sqlclient.Tuple;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The tenants' subscriptions ({@code webhook_subscription}). Every query names the tenant: another tenant's
 * subscription is not found.
 */
@ApplicationScoped
public class SubscriptionStore {

    private static final String COLUMNS = "id, tenant, url, event_types, stack_ids, secret, previous_until,"
            + " created_at, updated_at";

    private final Pool pool;
    private final String lock;
    private final String count;
    private final String create;
    private final String list;
    private final String page;
    private final String find;
    private final String update;
    private final String rotate;
    private final String delete;

    public SubscriptionStore(Pool pool,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.pool = pool;
        String table = schema + ".webhook_subscription";
        // Deliveries start with the events after the journal's head when the subscription is made.
        this.create = "insert into " + table + " (id, tenant, url, event_types, stack_ids, secret, journal_cursor,"
                + " created_at, updated_at) values ($1, $2, $3, $4, $5, $6,"
                + " (select coalesce(max(seq), 0) from " + schema + ".client_event), $7, $7) returning " + COLUMNS;
        // A tenant's creates are serialised (a transaction's advisory lock on the tenant), so the quota holds.
        this.lock = "select pg_advisory_xact_lock(hashtext('webhook_subscription:' || $1))";
        this.count = "select count(*) as n from " + table + " where tenant = $1";
        this.list = "select " + COLUMNS + " from " + table + " where tenant = $1 order by created_at, id limit $2";
        this.page = "select " + COLUMNS + " from " + table + " s where tenant = $1 and (created_at, id) >"
                + " (select created_at, id from " + table + " m where m.id = $3 and m.tenant = $1)"
                + " order by created_at, id limit $2";
        this.find = "select " + COLUMNS + " from " + table + " where id = $1 and tenant = $2";
        this.update = "update " + table + " set url = coalesce($3, url), event_types = coalesce($4, event_types),"
                + " stack_ids = coalesce($5, stack_ids), updated_at = $6 where id = $1 and tenant = $2 returning "
                + COLUMNS;
        this.rotate = "update " + table + " set previous_secret = secret, previous_until = $3, secret = $4,"
                + " updated_at = $5 where id = $1 and tenant = $2 returning " + COLUMNS;
        this.delete = "delete from " + table + " where id = $1 and tenant = $2";
    }

    /**
     * Makes a subscription with a new secret, deliveries starting with the next event journaled; empty when the
     * tenant has {@code quota} subscriptions already.
     */
    public Uni<Optional<Subscription>> create(String tenant, String url, List<String> eventTypes,
            List<String> stackIds, int quota) {
        OffsetDateTime now = ColumnArrays.time(Instant.now());
        return pool.withTransaction(connection -> connection.preparedQuery(lock).execute(Tuple.of(tenant))
                .chain(() -> connection.preparedQuery(count).execute(Tuple.of(tenant)))
                .chain(counted -> counted.iterator().next().getLong("n") >= quota
                        ? Uni.createFrom().item(Optional.<Subscription>empty())
                        : one(connection.preparedQuery(create).execute(Tuple.from(new Object[] {
                                UUID.randomUUID().toString(), tenant, url, eventTypes.toArray(String[]::new),
                                stackIds.toArray(String[]::new), Signature.newSecret(), now})))));
    }

    /**
     * A page of the tenant's subscriptions, oldest first: at most {@code limit}, after the subscription
     * {@code marker} (null: from the first); an unknown marker is an empty page.
     */
    public Uni<List<Subscription>> list(String tenant, int limit, String marker) {
        return (marker == null ? pool.preparedQuery(list).execute(Tuple.of(tenant, limit))
                : pool.preparedQuery(page).execute(Tuple.of(tenant, limit, marker))).map(SubscriptionStore::all);
    }

    /** The tenant's subscription of that id. */
    public Uni<Optional<Subscription>> find(String tenant, String id) {
        return one(pool.preparedQuery(find).execute(Tuple.of(id, tenant)));
    }

    /** Changes what is given (null keeps it); the events already queued keep going. */
    public Uni<Optional<Subscription>> update(String tenant, String id, String url, List<String> eventTypes,
            List<String> stackIds) {
        return one(pool.preparedQuery(update).execute(Tuple.from(new Object[] {id, tenant, url, array(eventTypes),
                array(stackIds), ColumnArrays.time(Instant.now())})));
    }

    /** A new secret; the current one keeps signing, as the previous, until {@code graceUntil}. */
    public Uni<Optional<Subscription>> rotate(String tenant, String id, Instant graceUntil) {
        return one(pool.preparedQuery(rotate).execute(Tuple.of(id, tenant, ColumnArrays.time(graceUntil),
                Signature.newSecret(), ColumnArrays.time(Instant.now()))));
    }

    /** Deletes a subscription with its queue and dead letters; whether there was one. */
    public Uni<Boolean> delete(String tenant, String id) {
        return pool.preparedQuery(delete).execute(Tuple.of(id, tenant)).map(rows -> rows.rowCount() > 0);
    }

    private static String[] array(List<String> values) {
        return values == null ? null : values.toArray(String[]::new);
    }

    private static Uni<Optional<Subscription>> one(Uni<RowSet<Row>> query) {
        return query.map(rows -> all(rows).stream().findFirst());
    }

    private static List<Subscription> all(RowSet<Row> rows) {
        List<Subscription> subscriptions = new ArrayList<>(rows.size());
        rows.forEach(row -> subscriptions.add(new Subscription(row.getString("id"), row.getString("tenant"),
                row.getString("url"), List.of(row.getArrayOfStrings("event_types")),
                List.of(row.getArrayOfStrings("stack_ids")), row.getString("secret"),
                instant(row.getOffsetDateTime("previous_until")), instant(row.getOffsetDateTime("created_at")),
                instant(row.getOffsetDateTime("updated_at")))));
        return subscriptions;
    }

    private static Instant instant(OffsetDateTime time) {
        return time == null ? null : time.toInstant();
    }
}
