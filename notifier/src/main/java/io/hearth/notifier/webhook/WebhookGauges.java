package io.hearth.notifier.webhook;

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

/**
 * The webhook queue as gauges, from one query every refresh interval ({@link DatabaseGauges}):
 * {@code hearth.webhooks.queued} (deliveries not yet delivered nor dead, of every subscription) and
 * {@code hearth.webhooks.dead_letters} (dead letters kept for their subscriptions).
 */
@ApplicationScoped
public class WebhookGauges {

    private final DatabaseGauges gauges;
    private final Pool pool;
    private final String query;
    private final AtomicLong queued = new AtomicLong();
    private final AtomicLong deadLetters = new AtomicLong();

    public WebhookGauges(DatabaseGauges gauges, Pool pool, MeterRegistry registry) {
        this.gauges = gauges;
        this.pool = pool;
        this.query = "select (select count(*) from " + gauges.table("webhook_delivery") + ") as queued,"
                + " (select count(*) from " + gauges.table("webhook_dead_letter") + ") as dead";
        Gauge.builder("hearth.webhooks.queued", queued, AtomicLong::get)
                .description("Webhook deliveries waiting to be delivered").register(registry);
        Gauge.builder("hearth.webhooks.dead_letters", deadLetters, AtomicLong::get)
                .description("Webhook dead letters kept").register(registry);
    }

    void onStart(@Observes StartupEvent event) {
        gauges.refresh("webhook gauges", this::read);
    }

    private Uni<Void> read() {
        return pool.query(query).execute().invoke(rows -> {
            Row row = rows.iterator().next();
            queued.set(row.getLong("queued"));
            deadLetters.set(row.getLong("dead"));
        }).replaceWithVoid();
    }
}
