package io.hearth.gateway.service;

import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.gateway.messaging.SignalPublisher;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Server check-ins: the first metadata poll of a boot publishes {@code ServerCheckedIn}. This process
 * remembers the last boot it published per server, so an agent's later polls publish nothing; another
 * replica, or this one after a restart, publishes the boot again, which deployment-service ignores.
 */
@ApplicationScoped
public class CheckIns {

    private final SignalPublisher publisher;
    private final Map<String, String> published = new ConcurrentHashMap<>();

    public CheckIns(SignalPublisher publisher) {
        this.publisher = publisher;
    }

    /**
     * Publishes the check-in unless this process already did for this server and boot; completes once Kafka
     * acknowledged it (a failure is remembered as not published, so the next poll tries again).
     */
    public Uni<Void> checkIn(String stackId, String serverId, String bootId, String address, String agentVersion) {
        if (Objects.equals(published.get(serverId), bootId)) {
            return Uni.createFrom().voidItem();
        }
        ServerCheckedIn event = new ServerCheckedIn(stackId, serverId, address, agentVersion, bootId, Instant.now());
        return publisher.signal(stackId, event).invoke(() -> published.put(serverId, bootId));
    }
}
