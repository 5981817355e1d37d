package io.hearth.notifier.alarms;

import io.hearth.platform.meters.DatabaseGauges;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * {@code hearth.alarms}: the metric alarms by {@code state} (ok, alarm, insufficient data), from one grouped count
 * every refresh interval ({@link DatabaseGauges}).
 */
@ApplicationScoped
public class AlarmGauges {

    private final DatabaseGauges gauges;

    public AlarmGauges(DatabaseGauges gauges) {
        this.gauges = gauges;
    }

    void onStart(@Observes StartupEvent event) {
        gauges.countsBy("hearth.alarms", "Metric alarms by state", "metric_alarm", "state");
    }
}
