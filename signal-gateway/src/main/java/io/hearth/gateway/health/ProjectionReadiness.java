package io.hearth.gateway.health;

import io.hearth.gateway.messaging.MetadataConsumer;
import io.hearth.gateway.service.MetadataStore;
import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/** Ready once the metadata projection read {@code hearth.server.metadata} up to its end at start. */
@Readiness
@ApplicationScoped
public class ProjectionReadiness implements HealthCheck {

    /** The check's name in {@code /q/health/ready}. */
    public static final String NAME = "Server metadata projection";

    private final MetadataConsumer consumer;
    private final MetadataStore store;

    public ProjectionReadiness(MetadataConsumer consumer, MetadataStore store) {
        this.consumer = consumer;
        this.store = store;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named(NAME).status(consumer.caughtUp())
                .withData("servers", store.serverCount()).build();
    }
}
