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
import java.util.NavigableSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * The durable timer: resumes resources whose {@code wake_at} has come, whoever scheduled them and
 * across restarts, since the times live in the database. It wakes only stacks of trees this replica owns
 * ({@link TreeOwnership}: the tree's key is on a partition its engine consumer holds), so a tree's timer steps run on
 * the replica that applies the tree's events; a replica that holds no partition (yet) wakes nothing. Each step claims
 * one such stack that has a due resource with {@code FOR UPDATE SKIP LOCKED} (a stack a command is working on is
 * skipped and comes back next time) and wakes it in one transaction; with nothing due it sleeps until the earliest
 * wake-up time of its trees, at most the poll interval.
 *
 * <p>The engine tells it every wake-up time it sets ({@link #expect}), so it does not poll for them: a time earlier
 * than the loop's sleep wakes the loop, which then sleeps until that time. The time is set in a transaction that has
 * not committed yet, so the loop keeps it for {@link #COMMIT_GRACE} after it passed and meanwhile looks every
 * {@link #AFTER_DUE} (a commit that came late). A time further ahead than the poll interval is not kept: a poll reads
 * it from the database before it comes. An assignment of engine partitions wakes the loop too (trees it now owns).
 * The poll interval is the fallback for a wake-up time set by hand in the database.
 */
@ApplicationScoped
public class ResourceTimer {

    /** How many trees a step looks at (due ones, or for the next wake-up). */
    static final int TREES = 1000;

    /** How long after an expected wake-up time the loop still looks for it (its transaction committing late). */
    static final Duration COMMIT_GRACE = Duration.ofSeconds(10);

    /** How often the loop looks while an expected wake-up time is in its grace. */
    static final Duration AFTER_DUE = Duration.ofSeconds(1);

    private final StackLifecycle lifecycle;
    private final TreeOwnership ownership;
    private final DeploymentConfig.Timer config;
    private final ContextLoop<Duration> loop;
    private final StackRuntimeRepository repository;
    /** The wake-up times the engine set, within the poll interval, that the loop has not let go of yet. */
    private final NavigableSet<Instant> expected = new ConcurrentSkipListSet<>();
    /** When the loop's next step runs: {@link Instant#MIN} while a step runs (any expected time wakes it again). */
    private volatile Instant asleepUntil = Instant.MIN;

    public ResourceTimer(StackLifecycle lifecycle, TreeOwnership ownership, DeploymentConfig config, Vertx vertx,
            StackRuntimeRepository repository) {
        this.lifecycle = lifecycle;
        this.repository = repository;
        this.ownership = ownership;
        this.config = config.timer();
        this.loop = new ContextLoop<>("resource timer", vertx, this::step, this::sleep, this.config.failureBackoff());
        ownership.whenAssigned(loop::wakeUp);
    }

    /**
     * A wake-up time the engine set for a resource (in the transaction under way): the loop wakes at that time, or
     * at once when it would sleep past it.
     */
    public void expect(Instant at) {
        if (at == null || at.isAfter(Instant.now().plus(config.pollInterval()))) {
            return;
        }
        expected.add(at);
        if (at.isBefore(asleepUntil)) {
            loop.wakeUp();
        }
    }

    private Uni<Duration> step() {
        asleepUntil = Instant.MIN;
        return runOnce();
    }

    private Duration sleep(Duration delay) {
        asleepUntil = Instant.now().plus(delay);
        return delay;
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
            return Uni.createFrom().item(config.pollInterval()); // an assignment wakes the loop
        }
        Instant now = Instant.now();
        return Panache.withTransaction(() -> repository.dueTrees(now, TREES)
                .map(roots -> roots.stream().filter(ownership::owns).toList())
                .chain(roots -> roots.isEmpty() ? Uni.createFrom().<UUID>nullItem()
                        : repository.claimDue(roots, now))
                .chain(stack -> stack != null
                        ? lifecycle.wake(stack).chain(FlushGate::flushBeforeCommit)
                                .replaceWith(Duration.ZERO)
                        : nextWakeUp().map(this::untilNext)));
    }

    /**
     * How long to sleep with nothing due: until the earliest known wake-up time (stored, or expected and not yet
     * past), at most the poll interval; while an expected time is past but in its grace, {@link #AFTER_DUE}.
     */
    private Duration untilNext(Instant stored) {
        Instant now = Instant.now();
        expected.headSet(now.minus(COMMIT_GRACE)).clear();
        Instant hint = expected.isEmpty() ? null : expected.first();
        Duration wait = ContextLoop.until(stored, config.pollInterval());
        if (hint == null) {
            return wait;
        }
        Duration untilHint = hint.isAfter(now) ? ContextLoop.until(hint, config.pollInterval()) : AFTER_DUE;
        return untilHint.compareTo(wait) < 0 ? untilHint : wait;
    }

    /** The earliest wake-up of an owned tree, or null when none is among the {@link #TREES} earliest trees. */
    private Uni<Instant> nextWakeUp() {
        return repository.nextWakeUps(TREES).map(wakeUps -> wakeUps.stream()
                .filter(wakeUp -> ownership.owns(wakeUp.root())).map(StackRuntimeRepository.WakeUp::at)
                .findFirst().orElse(null));
    }
}
