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
 * across restarts, since the times live in the database. It wakes only stacks of trees this replica owns
 * ({@link TreeOwnership}: the tree's key is on a partition its engine consumer holds), so a tree's timer steps run on
 * the replica that applies the tree's events; a replica that holds no partition (yet) wakes nothing. Each step claims
 * one such stack that has a due resource with {@code FOR UPDATE SKIP LOCKED} (a stack a command is working on is
 * skipped and comes back next time) and wakes it in one transaction; with nothing due it sleeps until the earliest
 * wake-up time of its trees, at most the poll interval.
 */
@ApplicationScoped
public class ResourceTimer {

    /** The trees that have a due resource, at most {@link #TREES} of them. */
    private static final String DUE_TREES = "select distinct coalesce(s.rootStackId, s.id) from ResourceRuntime r,"
            + " StackRuntime s where s.id = r.stackId and r.wakeAt <= :now";
    /** The trees' next wake-ups, earliest first, at most {@link #TREES} of them. */
    private static final String NEXT_WAKE_UPS = "select coalesce(s.rootStackId, s.id), min(r.wakeAt) from"
            + " ResourceRuntime r, StackRuntime s where s.id = r.stackId and r.wakeAt is not null"
            + " group by coalesce(s.rootStackId, s.id) order by min(r.wakeAt)";
    private static final String CLAIM = "select id from {h-schema}stack_runtime where coalesce(root_stack_id, id)"
            + " in (:roots) and id in (select stack_id from {h-schema}resource_runtime where wake_at <= :now)"
            + " limit 1 for update skip locked";
    /** How many trees a step looks at (due ones, or for the next wake-up). */
    static final int TREES = 1000;

    private final StackLifecycle lifecycle;
    private final TreeOwnership ownership;
    private final DeploymentConfig.Timer config;
    private final ContextLoop<Duration> loop;

    public ResourceTimer(StackLifecycle lifecycle, TreeOwnership ownership, DeploymentConfig config, Vertx vertx) {
        this.lifecycle = lifecycle;
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
        return Panache.withTransaction(() -> Panache.getSession()
                .chain(session -> session.createSelectionQuery(DUE_TREES, UUID.class).setParameter("now", now)
                        .setMaxResults(TREES).getResultList()
                        .map(roots -> roots.stream().filter(ownership::owns).toList())
                        .chain(roots -> roots.isEmpty() ? Uni.createFrom().<UUID>nullItem()
                                : session.createNativeQuery(CLAIM, UUID.class).setParameter("roots", roots)
                                        .setParameter("now", now).getSingleResultOrNull()))
                // locked by the claim already
                .chain(id -> id == null ? Uni.createFrom().<StackRuntime>nullItem() : StackRuntime.findById(id))
                .chain(stack -> stack != null
                        ? lifecycle.wake(stack).chain(FlushGate::flushBeforeCommit)
                                .replaceWith(Duration.ZERO)
                        : nextWakeUp().map(next -> ContextLoop.until(next, config.pollInterval()))));
    }

    /** The earliest wake-up of an owned tree, or null when none is among the {@link #TREES} earliest trees. */
    private Uni<Instant> nextWakeUp() {
        return Panache.getSession().chain(session -> session.createSelectionQuery(NEXT_WAKE_UPS, Object[].class)
                .setMaxResults(TREES).getResultList())
                .map(rows -> rows.stream().filter(row -> ownership.owns((UUID) row[0])).map(row -> (Instant) row[1])
                        .findFirst().orElse(null));
    }
}
