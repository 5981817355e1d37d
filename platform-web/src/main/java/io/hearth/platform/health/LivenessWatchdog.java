package io.hearth.platform.health;

import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import io.smallrye.health.SmallRyeHealth;
import io.smallrye.health.SmallRyeHealthReporter;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;

/**
 * Makes a service that stopped working come back by itself: every {@code hearth.health.watchdog.check-interval}
 * it evaluates the liveness checks ({@code /q/health/live}: Hearth's consumer checks, SmallRye's channel
 * failures...), and when they have been DOWN without a break for longer than {@code hearth.health.watchdog.grace}
 * the process exits with status {@link #EXIT_CODE}. {@code deploy/}'s supervisor restarts it; on Kubernetes the
 * liveness probe would as well, this only makes it independent of the probe's settings. The checks run on a
 * thread of their own: checks that do not answer within {@link #CHECK_TIMEOUT} count as DOWN, so a check that
 * hangs cannot hang the watchdog.
 */
@ApplicationScoped
public class LivenessWatchdog {

    /** The exit status of a service whose liveness stayed DOWN. */
    public static final int EXIT_CODE = 4;

    /** How long the watchdog waits for the liveness checks' answer before it counts them DOWN. */
    static final Duration CHECK_TIMEOUT = Duration.ofSeconds(10);

    private static final Logger LOG = Logger.getLogger(LivenessWatchdog.class);

    private final SmallRyeHealthReporter health;
    private final ProcessExit exit;
    private final HealthConfig.Watchdog config;
    private final DownTimer timer;
    private ScheduledExecutorService scheduler;
    private ExecutorService evaluator;
    private Future<SmallRyeHealth> evaluation;

    public LivenessWatchdog(SmallRyeHealthReporter health, ProcessExit exit, HealthConfig config) {
        this.health = health;
        this.exit = exit;
        this.config = config.watchdog();
        this.timer = new DownTimer(this.config.grace());
    }

    void start(@Observes StartupEvent event) {
        if (!config.enabled()) {
            LOG.info("liveness watchdog disabled (hearth.health.watchdog.enabled=false)");
            return;
        }
        scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> daemon(runnable, "hearth-liveness-watchdog"));
        evaluator = Executors.newSingleThreadExecutor(runnable -> daemon(runnable, "hearth-liveness-checks"));
        long interval = config.checkInterval().toMillis();
        scheduler.scheduleWithFixedDelay(this::check, interval, interval, TimeUnit.MILLISECONDS);
    }

    void stop(@Observes ShutdownEvent event) {
        if (scheduler != null) {
            scheduler.shutdownNow();
            evaluator.shutdownNow();
        }
    }

    private static Thread daemon(Runnable runnable, String name) {
        Thread thread = new Thread(runnable, name);
        thread.setDaemon(true);
        return thread;
    }

    private void check() {
        try {
            boolean down;
            String why;
            if (evaluation == null || evaluation.isDone()) {
                evaluation = evaluator.submit(health::getLiveness);
            }
            try {
                SmallRyeHealth liveness = evaluation.get(CHECK_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
                down = liveness.isDown();
                why = down ? downChecks(liveness.getPayload()) : "";
            } catch (TimeoutException e) {
                down = true;
                why = "the liveness checks did not answer within " + CHECK_TIMEOUT.toSeconds() + " s";
            }
            long now = System.nanoTime();
            boolean wasDown = timer.isDown();
            if (timer.expired(down, now)) {
                exit.exit(EXIT_CODE, "liveness DOWN for " + timer.downFor(now).toSeconds() + " s (grace "
                        + config.grace().toSeconds() + " s): " + why);
            } else if (down && !wasDown) {
                LOG.warnf("liveness is DOWN; the service exits unless it is UP again within %d s: %s",
                        config.grace().toSeconds(), why);
            } else if (!down && wasDown) {
                LOG.info("liveness is UP again");
            }
        } catch (ExecutionException | RuntimeException e) {
            LOG.warnf(e, "the liveness watchdog could not evaluate the checks: %s", e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String downChecks(JsonObject payload) {
        return payload.getJsonArray("checks").stream().map(JsonValue::asJsonObject)
                .filter(check -> "DOWN".equals(check.getString("status", "")))
                .map(check -> check.getString("name", "?") + " " + check.getOrDefault("data", JsonValue.EMPTY_JSON_OBJECT))
                .collect(Collectors.joining("; "));
    }

    /** How long a status has been DOWN without a break, and whether that is longer than the grace. */
    static final class DownTimer {

        private static final long UP = Long.MIN_VALUE;

        private final Duration grace;
        private long downSince = UP;

        DownTimer(Duration grace) {
            this.grace = grace;
        }

        /**
         * Notes one observation.
         *
         * @param down    whether the status is DOWN now
         * @param nowNanos the time of the observation ({@link System#nanoTime()})
         * @return whether it has been DOWN, in every observation, for longer than the grace
         */
        boolean expired(boolean down, long nowNanos) {
            if (!down) {
                downSince = UP;
                return false;
            }
            if (downSince == UP) {
                downSince = nowNanos;
            }
            return nowNanos - downSince > grace.toNanos();
        }

        boolean isDown() {
            return downSince != UP;
        }

        Duration downFor(long nowNanos) {
            return isDown() ? Duration.ofNanos(nowNanos - downSince) : Duration.ZERO;
        }
    }
}
