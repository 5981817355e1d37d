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
 * Server check-ins: the first metadata poll of a boot publishes {@code ServerCheckedIn}, and so does the first poll
 * served a document that asks for a check. This process
 * remembers the last boot it published per server, so an agent's later polls publish nothing; another
 * replica, or this one after a restart, publishes the boot again, which deployment-service ignores.
 */
@ApplicationScoped
public class CheckIns {

    private final SignalPublisher publisher;
    private final MetadataStore store;
    private final Map<String, String> published = new ConcurrentHashMap<>();
    /** The last check token reported per server. */
    private final Map<String, String> checked = new ConcurrentHashMap<>();

    public CheckIns(SignalPublisher publisher, MetadataStore store) {
        this.publisher = publisher;
        this.store = store;
    }

    /**
     * Publishes the check-in, keyed by {@code key} (the server's stack tree), unless this process already did for
     * this server and boot; completes once Kafka
     * acknowledged it (a failure is remembered as not published, so the next poll tries again).
     */
    public Uni<Void> checkIn(String key, String stackId, String serverId, String bootId, String address,
            String agentVersion) {
        if (Objects.equals(published.get(serverId), bootId)) {
            return Uni.createFrom().voidItem();
        }
        ServerCheckedIn event = new ServerCheckedIn(stackId, serverId, address, agentVersion, bootId, Instant.now());
        return publisher.signal(new SignalPublisher.Outgoing<>(key, event, store.traceOf(serverId), stackId, null))
                .invoke(() -> published.put(serverId, bootId)).replaceWithVoid();
    }

    /**
     * Reports that a document asking for a check ({@link ServerDocument#check}) is being served to the server's
     * agent: a {@code ServerCheckedIn} carrying the token, once per server and token in this process, before the
     * answer goes out (a failure is not remembered, so the agent's next poll tries again). Any poll counts, the
     * Hearth agent's or another agent's (os-collect-config's), since it proves the server's agent is there.
     */
    public Uni<Void> answered(String key, ServerDocument document, String bootId, String address, String agentVersion) {
        String token = document.check();
        if (token == null || token.equals(checked.get(document.serverId()))) {
            return Uni.createFrom().voidItem();
        }
        ServerCheckedIn event = new ServerCheckedIn(document.stackId(), document.serverId(), address, agentVersion,
                bootId, Instant.now(), token);
        return publisher.signal(new SignalPublisher.Outgoing<>(key, event, store.traceOf(document.serverId()),
                document.stackId(), null)).invoke(() -> checked.put(document.serverId(), token)).replaceWithVoid();
    }
}
