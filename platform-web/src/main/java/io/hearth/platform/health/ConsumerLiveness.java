package io.hearth.platform.health;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/** Live while every Kafka consumer's polling thread runs and the consumer polls ({@link ConsumerVitals}). */
@Liveness
@ApplicationScoped
public class ConsumerLiveness implements HealthCheck {

    /** The check's name in {@code /q/health/live}; its data holds one entry per channel. */
    public static final String NAME = "Kafka consumers polling";

    private final ConsumerWatch watch;

    public ConsumerLiveness(ConsumerWatch watch) {
        this.watch = watch;
    }

    @Override
    public HealthCheckResponse call() {
        return watch.report(NAME, ConsumerVitals::livenessProblem);
    }
}
