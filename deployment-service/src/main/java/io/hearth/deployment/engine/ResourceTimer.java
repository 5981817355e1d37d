package io.hearth.deployment.engine;

import io.hearth.deployment.config.DeploymentConfig;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.platform.messaging.FlushGate;
import io.hearth.platform.outbox.ContextLoop;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Vertx;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

/**
 * The durable timer: resumes resources whose {@code wake_at} has come, whoever scheduled them and
 * across restarts, since the times live in the database. Each step claims one stack that has a due
 * resource with {@code FOR UPDATE SKIP LOCKED} (replicas share the work; a stack a command is working
 * on is skipped and comes back next time) and wakes it in one transaction; with nothing due it sleeps
 * until the earliest wake-up time, at most the poll interval.
 */
@ApplicationScoped
public class ResourceTimer {

    private static final String CLAIM = "select id from {h-schema}stack_runtime where id in"
            + " (select stack_id from {h-schema}resource_runtime where wake_at <= :now)"
            + " limit 1 for update skip locked";

    private final StackLifecycle lifecycle;
    private final DeploymentConfig.Timer config;
    private final ContextLoop<Duration> loop;

    public ResourceTimer(StackLifecycle lifecycle, DeploymentConfig config, Vertx vertx) {
        this.lifecycle = lifecycle;
        this.config = config.timer();
        this.loop = new ContextLoop<>("resource timer", vertx, this::runOnce, delay -> delay,
                this.config.failureBackoff());
    }

    void onStart(@Observes StartupEvent event) {
        if (config.enabled()) {
            loop.start();
        }
    }

    void onStop(@Observes ShutdownEvent event) {
        loop.stop();
    }

    /** Wakes one stack with a due resource; how long to sleep before the next step. */
    public Uni<Duration> runOnce() {
        Instant now = Instant.now();
        return Panache.withTransaction(() -> Panache.getSession()
                .chain(session -> session.createNativeQuery(CLAIM, UUID.class)
                        .setParameter("now", now)
                        .getSingleResultOrNull())
                // locked by the claim already
                .chain(id -> id == null ? Uni.createFrom().<StackRuntime>nullItem() : StackRuntime.findById(id))
                .chain(stack -> stack != null
                        ? lifecycle.wake(stack).chain(FlushGate::flushBeforeCommit)
                                .replaceWith(Duration.ZERO)
                        : nextWakeUp().map(next -> ContextLoop.until(next, config.pollInterval()))));
    }

    private Uni<Instant> nextWakeUp() {
        return Panache.getSession().chain(session -> session
                .createSelectionQuery("select min(r.wakeAt) from ResourceRuntime r", Instant.class)
                .getSingleResultOrNull());
    }
}
