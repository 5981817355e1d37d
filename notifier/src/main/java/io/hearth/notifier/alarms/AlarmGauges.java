package io.hearth.notifier.alarms;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * {@code hearth.alarms}: the metric alarms by {@code state} (ok, alarm, insufficient data), from one grouped count
 * every refresh interval ({@link DatabaseGauges}); every state is shown, 0 when no alarm is in it.
 */
@ApplicationScoped
public class AlarmGauges {

    private static final List<String> STATES = List.of(AlarmState.OK, AlarmState.ALARM, AlarmState.INSUFFICIENT_DATA);

    private final DatabaseGauges gauges;
    private final Pool pool;
    private final MultiGauge alarms;
    private final String query;

    public AlarmGauges(DatabaseGauges gauges, Pool pool, MeterRegistry registry,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.gauges = gauges;
        this.pool = pool;
        this.query = "select state, count(*) as alarms from " + schema + ".metric_alarm group by state";
        this.alarms = MultiGauge.builder("hearth.alarms").description("Metric alarms by state").register(registry);
    }

    void onStart(@Observes StartupEvent event) {
        gauges.refresh("alarm gauges", this::read);
    }

    private Uni<Void> read() {
        return pool.query(query).execute().invoke(rows -> {
            Map<String, Long> counts = new HashMap<>();
            STATES.forEach(state -> counts.put(state, 0L));
            for (Row row : rows) {
                counts.put(row.getString("state"), row.getLong("alarms"));
            }
            List<MultiGauge.Row<?>> gauged = new ArrayList<>();
            counts.forEach((state, count) -> gauged.add(MultiGauge.Row.of(Tags.of("state", state), count)));
            alarms.register(gauged, true);
        }).replaceWithVoid();
    }
}
