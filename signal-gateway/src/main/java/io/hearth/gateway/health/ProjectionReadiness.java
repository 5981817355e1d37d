package io.hearth.gateway.health;

import io.hearth.gateway.messaging.MetadataConsumer;
import io.hearth.gateway.service.MetadataStore;
import io.hearth.platform.health.HealthConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Optional;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready once the metadata projection read {@code hearth.server.metadata} and {@code hearth.server.deployments}
 * up to their ends at start, and while
 * its thread keeps following the topic ({@link ProjectionLiveness}).
 */
@Readiness
@ApplicationScoped
public class ProjectionReadiness implements HealthCheck {

    /** The check's name in {@code /q/health/ready}. */
    public static final String NAME = "Server metadata projection";

    private final MetadataConsumer consumer;
    private final MetadataStore store;
    private final HealthConfig config;

    public ProjectionReadiness(MetadataConsumer consumer, MetadataStore store, HealthConfig config) {
        this.consumer = consumer;
        this.store = store;
        this.config = config;
    }

    @Override
    public HealthCheckResponse call() {
        Optional<String> stalled = consumer.stalled(config.consumer().stallThreshold());
        HealthCheckResponseBuilder response = HealthCheckResponse.named(NAME)
                .status(consumer.caughtUp() && stalled.isEmpty()).withData("servers", store.serverCount());
        stalled.ifPresent(problem -> response.withData("problem", problem));
        return response.build();
    }
}
