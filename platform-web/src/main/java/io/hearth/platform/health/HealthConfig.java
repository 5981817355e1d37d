package io.hearth.platform.health;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How a service finds out that it is no longer doing its work, and what it does then. */
@ConfigMapping(prefix = "hearth.health")
public interface HealthConfig {

    /** The Kafka consumers' checks. */
    Consumer consumer();

    /** The liveness watchdog. */
    Watchdog watchdog();

    /** The Kafka consumers' checks. */
    interface Consumer {
        /** How often a no-op is submitted to each consumer's polling thread. */
        @WithDefault("5s")
        Duration probeInterval();

        /**
         * A consumer is DOWN when its polling thread has not run the no-op, or it has not polled,
         * for longer than this (liveness), or has sent its group no heartbeat for longer (readiness).
         */
        @WithDefault("30s")
        Duration stallThreshold();
    }

    /** The liveness watchdog. */
    interface Watchdog {
        /** Whether the service exits when its liveness stays DOWN longer than the grace period. */
        @WithDefault("true")
        boolean enabled();

        /** How often the watchdog evaluates the liveness checks. */
        @WithDefault("5s")
        Duration checkInterval();

        /** How long liveness may stay DOWN before the service exits (status 4) to be restarted. */
        @WithDefault("60s")
        Duration grace();
    }
}
