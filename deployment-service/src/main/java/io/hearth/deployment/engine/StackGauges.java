package io.hearth.deployment.engine;

import io.hearth.platform.meters.DatabaseGauges;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.sqlclient.Pool;
import io.vertx.mutiny.sqlclient.Row;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code hearth.stacks}: the stacks this service runs, by {@code action} and {@code status} (CREATE IN_PROGRESS,
 * UPDATE FAILED, ...), from one grouped count of {@code stack_runtime} every refresh interval
 * ({@link DatabaseGauges}); a pair no stack has any more disappears.
 */
@ApplicationScoped
public class StackGauges {

    private final DatabaseGauges gauges;
    private final Pool pool;
    private final MultiGauge stacks;
    private final String query;

    public StackGauges(DatabaseGauges gauges, Pool pool, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.gauges = gauges;
        this.pool = pool;
        this.query = "select action, status, count(*) as stacks from " + schema + ".stack_runtime group by action, status";
        this.stacks = MultiGauge.builder("hearth.stacks").description("Stacks by action and status")
                .register(registry);
    }

    void onStart(@Observes StartupEvent event) {
        gauges.refresh("stack gauges", this::read);
    }

    private Uni<Void> read() {
        return pool.query(query).execute().invoke(rows -> {
            List<MultiGauge.Row<?>> counts = new ArrayList<>();
            for (Row row : rows) {
                counts.add(MultiGauge.Row.of(Tags.of("action", row.getString("action"), "status",
                        row.getString("status")), row.getLong("stacks")));
            }
            stacks.register(counts, true);
        }).replaceWithVoid();
    }
}
