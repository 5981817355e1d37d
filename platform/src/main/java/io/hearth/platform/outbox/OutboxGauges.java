package io.hearth.platform.outbox;

import io.hearth.platform.meters.DatabaseGauges;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The outbox's backlog as gauges: {@code hearth.outbox.pending} (rows not yet published) and
 * {@code hearth.outbox.oldest.age} (seconds since the oldest of them was written; 0 when there is none), from one
 * query on the partial index of unpublished rows ({@code outbox_event_unpublished}) every refresh interval
 * ({@link DatabaseGauges}). A relay that stopped publishing shows as an age that keeps growing.
 */
@ApplicationScoped
public class OutboxGauges {

    private final DatabaseGauges gauges;
    private final Pool pool;
    private final String query;
    private final AtomicLong pending = new AtomicLong();
    private final AtomicReference<Double> oldestAge = new AtomicReference<>(0.0);

    public OutboxGauges(DatabaseGauges gauges, Pool pool, MeterRegistry registry) {
        this.gauges = gauges;
        this.pool = pool;
        this.query = "select count(*) as pending, coalesce(extract(epoch from now() - min(timestamp)), 0) as age"
                + " from " + gauges.table("outbox_event") + " where published_at is null";
        Gauge.builder("hearth.outbox.pending", pending, AtomicLong::get)
                .description("Outbox rows not yet published to Kafka").register(registry);
        Gauge.builder("hearth.outbox.oldest.age", oldestAge, AtomicReference::get).baseUnit("seconds")
                .description("Age of the oldest outbox row not yet published to Kafka (0 when none)")
                .register(registry);
    }

    void onStart(@Observes StartupEvent event) {
        gauges.refresh("outbox gauges", this::read);
    }

    private Uni<Void> read() {
        return pool.query(query).execute().invoke(rows -> {
            Row row = rows.iterator().next();
            pending.set(row.getLong("pending"));
            oldestAge.set(Math.max(0, row.getNumeric("age").doubleValue()));
        }).replaceWithVoid();
    }
}
