package io.hearth.deployment.engine;

import io.hearth.platform.meters.DatabaseGauges;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * {@code hearth.stacks}: the stacks this service runs, by {@code action} and {@code status} (CREATE IN_PROGRESS,
 * UPDATE FAILED, ...), from one grouped count of {@code stack_runtime} every refresh interval
 * ({@link DatabaseGauges}).
 */
@ApplicationScoped
public class StackGauges {

    private final DatabaseGauges gauges;

    public StackGauges(DatabaseGauges gauges) {
        this.gauges = gauges;
    }

    void onStart(@Observes StartupEvent event) {
        gauges.countsBy("hearth.stacks", "Stacks by action and status", "stack_runtime", "action", "status");
    }
}
