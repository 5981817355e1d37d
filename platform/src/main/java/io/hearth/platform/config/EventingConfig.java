package io.hearth.platform.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the outbox relay and the idempotent consumers, beside the event source of {@link EventSourceConfig}. */
@ConfigMapping(prefix = "hearth.eventing")
public interface EventingConfig extends EventSourceConfig {

    /** Outbox relay settings. */
    Relay relay();

    /** Consumer settings. */
    Consumer consumer();

    /** Outbox relay settings. */
    interface Relay {
        /** Whether this instance runs the relay loop (tests drive it by hand). */
        @WithDefault("true")
        boolean enabled();

        /**
         * How long the relay waits when the outbox was empty while it cannot listen for notifications (its
         * listening connection is down or not yet subscribed): every outbox write notifies the relay when its
         * transaction commits, so this polling only stands in for a missing listener.
         */
        @WithDefault("1s")
        Duration pollInterval();

        /**
         * How long the relay waits when the outbox was empty while its listening connection is up: a last
         * fallback only, since every commit of outbox rows wakes it at once and every (re)subscription of the
         * listener makes it look for rows whose notification was lost; polling more often costs idle CPU.
         */
        @WithDefault("1m")
        Duration listeningPollInterval();

        /**
         * The PostgreSQL NOTIFY channel outbox writes wake the relay on; one per service, since
         * the services may share a database. Lower-case letters, digits and '_' only.
         */
        @WithDefault("hearth_outbox_${quarkus.application.name}")
        String notifyChannel();

        /** How many rows one transaction claims and publishes. */
        @WithDefault("256")
        int batchSize();

        /** How long the relay waits after a failed batch before it tries again. */
        @WithDefault("1s")
        Duration failureBackoff();

        /**
         * How long published rows are kept (for inspection) before they are deleted; 0 (the default)
         * deletes them as they are published: Kafka holds them from then on.
         */
        @WithDefault("0s")
        Duration retention();
    }

    /** Consumer settings. */
    interface Consumer {
        /** How often a failing event is retried before it goes to the dead-letter topic. */
        @WithDefault("3")
        int retries();

        /** The first retry's delay; later ones back off exponentially. */
        @WithDefault("200ms")
        Duration initialBackoff();

        /** How long processed event ids are kept for deduplication. */
        @WithDefault("7d")
        Duration dedupeRetention();

        /**
         * The longest a consumer's transaction may sit idle between two statements before PostgreSQL ends it
         * ({@code idle_in_transaction_session_timeout}, set for that transaction only); 0 leaves the server's
         * setting. A consumer's transaction never waits for anything but the database, so an idle one is stuck:
         * ending it frees its row locks and fails its step, which is then retried.
         */
        @WithDefault("30s")
        Duration transactionIdleTimeout();

        /**
         * The longest one consumer step (a batch's transaction, or one event's) may take; a step not done by then
         * fails and is retried as any failure is (a batch one event at a time). Below SmallRye's 60 s for an
         * unacknowledged record, after which the consumer is reported DOWN.
         */
        @WithDefault("45s")
        Duration stepTimeout();
    }
}
