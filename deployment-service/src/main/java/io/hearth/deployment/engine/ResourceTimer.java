package io.hearth.deployment.engine;

import io.hearth.deployment.config.DeploymentConfig;
import io.hearth.deployment.repository.StackRuntimeRepository;
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
 * across restarts, since the times live in the database. It wakes only stacks of trees this replica owns
 * ({@link TreeOwnership}: the tree's key is on a partition its engine consumer holds), so a tree's timer steps run on
 * the replica that applies the tree's events; a replica that holds no partition (yet) wakes nothing. Each step claims
 * one such stack that has a due resource with {@code FOR UPDATE SKIP LOCKED} (a stack a command is working on is
 * skipped and comes back next time) and wakes it in one transaction; with nothing due it sleeps until the earliest
 * wake-up time of its trees, at most the poll interval.
 */
@ApplicationScoped
public class ResourceTimer {

    /** How many trees a step looks at (due ones, or for the next wake-up). */
    static final int TREES = 1000;

    private final StackLifecycle lifecycle;
    private final TreeOwnership ownership;
    private final DeploymentConfig.Timer config;
    private final ContextLoop<Duration> loop;
    private final StackRuntimeRepository repository;

    public ResourceTimer(StackLifecycle lifecycle, TreeOwnership ownership, DeploymentConfig config, Vertx vertx,
            StackRuntimeRepository repository) {
        this.lifecycle = lifecycle;
        this.repository = repository;
        this.ownership = ownership;
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

    /** Wakes one stack of an owned tree with a due resource; how long to sleep before the next step. */
    public Uni<Duration> runOnce() {
        if (!ownership.ownsAny()) {
            return Uni.createFrom().item(config.pollInterval());
        }
        Instant now = Instant.now();
        return Panache.withTransaction(() -> repository.dueTrees(now, TREES)
                .map(roots -> roots.stream().filter(ownership::owns).toList())
                .chain(roots -> roots.isEmpty() ? Uni.createFrom().<UUID>nullItem()
                        : repository.claimDue(roots, now))
                .chain(stack -> stack != null
                        ? lifecycle.wake(stack).chain(FlushGate::flushBeforeCommit)
                                .replaceWith(Duration.ZERO)
                        : nextWakeUp().map(next -> ContextLoop.until(next, config.pollInterval()))));
    }

    /** The earliest wake-up of an owned tree, or null when none is among the {@link #TREES} earliest trees. */
    private Uni<Instant> nextWakeUp() {
        return repository.nextWakeUps(TREES).map(wakeUps -> wakeUps.stream()
                .filter(wakeUp -> ownership.owns(wakeUp.root())).map(StackRuntimeRepository.WakeUp::at)
                .findFirst().orElse(null));
    }
}
