package io.hearth.platform.meters;

import io.hearth.platform.outbox.ContextLoop;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tag;
import io.micrometer.core.instrument.Tags;
import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Runs the cheap queries that gauges read (a grouped count, the oldest unsent row) every
 * {@code hearth.metrics.refresh-interval} (15 s by default), each in its own {@link ContextLoop}: a gauge shows what
 * its query last answered, a failed query is logged and tried again at the next interval. Scraping
 * {@code /q/metrics} never reaches the database.
 */
@ApplicationScoped
public class DatabaseGauges {

    private final Vertx vertx;
    private final Pool pool;
    private final MeterRegistry registry;
    private final Duration interval;
    private final String schema;
    private final List<ContextLoop<Void>> loops = new CopyOnWriteArrayList<>();

    public DatabaseGauges(Vertx vertx, Pool pool, MeterRegistry registry,
            @ConfigProperty(name = "hearth.metrics.refresh-interval", defaultValue = "15s") Duration interval,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.vertx = vertx;
        this.pool = pool;
        this.registry = registry;
        this.interval = interval;
        this.schema = schema;
    }

    /** The service's table {@code table}, named in its schema for a query. */
    public String table(String table) {
        return schema + "." + table;
    }

    /** Starts refreshing: {@code refresh} runs at once, then every interval, until the application stops. */
    public void refresh(String name, Supplier<Uni<Void>> refresh) {
        ContextLoop<Void> loop = new ContextLoop<>(name, vertx, refresh, done -> interval, interval);
        loops.add(loop);
        loop.start();
    }

    /**
     * A gauge {@code name} of the rows of the service's {@code table} counted by the values of its {@code columns},
     * one label per column (named as it), refreshed every interval; a combination no row has any more disappears.
     * The columns must take few values (a status, never an id).
     */
    public void countsBy(String name, String description, String table, String... columns) {
        MultiGauge gauge = MultiGauge.builder(name).description(description).register(registry);
        String grouped = String.join(", ", columns);
        String query = "select " + grouped + ", count(*) as n from " + table(table) + " group by " + grouped;
        refresh(name, () -> pool.query(query).execute().invoke(rows -> {
            List<MultiGauge.Row<?>> counts = new ArrayList<>();
            for (Row row : rows) {
                List<Tag> tags = new ArrayList<>(columns.length);
                for (String column : columns) {
                    tags.add(Tag.of(column, String.valueOf(row.getValue(column))));
                }
                counts.add(MultiGauge.Row.of(Tags.of(tags), row.getLong("n")));
            }
            gauge.register(counts, true);
        }).replaceWithVoid());
    }

    void onStop(@Observes ShutdownEvent event) {
        loops.forEach(ContextLoop::stop);
    }
}
