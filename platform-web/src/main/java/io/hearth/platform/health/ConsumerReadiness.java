package io.hearth.platform.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready while every Kafka consumer is alive and a member of its group ({@link ConsumerVitals}). */
@Readiness
@ApplicationScoped
public class ConsumerReadiness implements HealthCheck {

    /** The check's name in {@code /q/health/ready}; its data holds one entry per channel. */
    public static final String NAME = "Kafka consumers in their groups";

    private final ConsumerWatch watch;

    public ConsumerReadiness(ConsumerWatch watch) {
        this.watch = watch;
    }

    @Override
    public HealthCheckResponse call() {
        return watch.report(NAME, ConsumerVitals::readinessProblem);
    }
}
