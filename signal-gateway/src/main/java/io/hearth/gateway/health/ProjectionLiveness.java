package io.hearth.gateway.health;

import io.hearth.gateway.messaging.MetadataConsumer;
import io.hearth.platform.health.HealthConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * Live while the metadata projection's thread runs: it died, or has not come round for longer than
 * {@code hearth.health.consumer.stall-threshold}, and the gateway would serve an ever older projection.
 */
@Liveness
@ApplicationScoped
public class ProjectionLiveness implements HealthCheck {

    /** The check's name in {@code /q/health/live}. */
    public static final String NAME = "Server metadata projection polling";

    private final MetadataConsumer consumer;
    private final HealthConfig config;

    public ProjectionLiveness(MetadataConsumer consumer, HealthConfig config) {
        this.consumer = consumer;
        this.config = config;
    }

    @Override
    public HealthCheckResponse call() {
        Optional<String> stalled = consumer.stalled(config.consumer().stallThreshold());
        return HealthCheckResponse.named(NAME).status(stalled.isEmpty())
                .withData("projection", stalled.orElse("OK")).build();
    }
}
