package io.hearth.platform.outbox;

import io.hearth.platform.config.EventingConfig;
import io.micrometer.core.instrument.MeterRegistry;
import io.smallrye.common.vertx.VertxContext;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import io.vertx.mutiny.sqlclient.Pool;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletableFuture;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Channel;
import org.eclipse.microprofile.reactive.messaging.Emitter;
import org.eclipse.microprofile.reactive.messaging.OnOverflow;

/**
 * Two outbox relays on the one outbox table, as two replicas of a service run them, each with a producer of
 * its own (channels {@code relay-a} and {@code relay-b} of the test configuration). Relay A's records pass
 * through a {@link HeldEmitter}.
 */
@ApplicationScoped
public class TwoRelays {

    private final Vertx vertx;
    private final HeldEmitter heldA;
    private final OutboxRelay a;
    private final OutboxRelay b;

    public TwoRelays(@Channel("relay-a") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192)
            Emitter<String> emitterA,
            @Channel("relay-b") @OnOverflow(value = OnOverflow.Strategy.BUFFER, bufferSize = 8192)
            Emitter<String> emitterB, EventingConfig config, Vertx vertx, MeterRegistry registry,
            OutboxNotifications notifications, Pool pool, RelayOutcomeWriter outcomes,
            @ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.vertx = vertx;
        this.heldA = new HeldEmitter(emitterA);
        this.a = new OutboxRelay(heldA, config, vertx, registry, notifications, pool, outcomes, schema);
        this.b = new OutboxRelay(emitterB, config, vertx, registry, notifications, pool, outcomes, schema);
    }

    /** Relay A's emitter: holding until released. */
    HeldEmitter heldA() {
        return heldA;
    }

    /** Starts one batch of relay A on a Vert.x context of its own, as the relay's loop runs it. */
    CompletableFuture<Integer> drainA() {
        return drain(a);
    }

    /** Starts one batch of relay B. */
    CompletableFuture<Integer> drainB() {
        return drain(b);
    }

    private CompletableFuture<Integer> drain(OutboxRelay relay) {
        CompletableFuture<Integer> published = new CompletableFuture<>();
        VertxContext.getOrCreateDuplicatedContext(vertx).runOnContext(v -> Uni.createFrom().deferred(relay::drainOnce)
                .subscribe().with(published::complete, published::completeExceptionally));
        return published;
    }
}
