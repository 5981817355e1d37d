package io.hearth.notifier.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the notifier. */
@ConfigMapping(prefix = "hearth.notifier")
public interface NotifierConfig {

    /** How many windows a group may keep changing before its membership is published anyway. */
    int MEMBERSHIP_BOUND_WINDOWS = 4;

    /**
     * How long a group's membership must stay unchanged before its next generation is published: a burst of
     * changes inside it becomes one {@code MembershipChanged}; a group that keeps changing is published at
     * the latest {@value #MEMBERSHIP_BOUND_WINDOWS} windows after its first unpublished change.
     */
    @WithDefault("250ms")
    Duration membershipWindow();

    /** The longest a changed group waits for its generation: {@value #MEMBERSHIP_BOUND_WINDOWS} windows. */
    default Duration membershipBound() {
        return membershipWindow().multipliedBy(MEMBERSHIP_BOUND_WINDOWS);
    }

    /**
     * The longest a group's changes are held while the group resource itself acts (creating, scaling, updating
     * or deleting its members): they are published when its action ends, so that a scaling step is one generation,
     * and at the latest this long after the first change held. 0 publishes during the action too, by the window.
     */
    @WithDefault("30s")
    Duration membershipHold();

    /**
     * The longest any loop of the notifier (the stream tail, the webhook dispatcher, the membership publisher, the
     * alarm evaluator and its actions) sleeps with nothing due while what gives it work wakes it: its consumer in
     * this process, the journal's {@code NOTIFY}, the due times it reads. A last fallback only, for work that came
     * another way (a replica that died between its commit and its step, a row changed by hand); polling more often
     * costs idle CPU.
     */
    @WithDefault("1m")
    Duration idlePoll();

    /** The journal of events that client streams (and webhooks) read. */
    Journal journal();

    /** The live client streams (SSE and WebSocket). */
    Streams streams();

    /** The webhook deliveries. */
    Webhooks webhooks();

    /** Settings of the journal ({@code hearth.notifier.journal.*}). */
    interface Journal {

        /** How long events stay in the journal for clients to resume from; older ones are pruned. */
        @WithDefault("24h")
        Duration retention();

        /** How often events older than the retention are pruned. */
        @WithDefault("5m")
        Duration pruneInterval();
    }

    /** Settings of the live streams ({@code hearth.notifier.streams.*}). */
    interface Streams {

        /** How often a stream sends a heartbeat (an SSE comment line, a WebSocket ping). */
        @WithDefault("15s")
        Duration heartbeat();

        /**
         * How many events a client may be behind (read from the journal, not yet written to its connection)
         * before its stream is closed; it resumes with {@code Last-Event-ID}.
         */
        @WithDefault("1000")
        int buffer();

        /**
         * How often the shared tail looks for new journal rows while it cannot listen for the journal's
         * {@code NOTIFY} (its listening connection is down); while it listens, a commit wakes it at once and it
         * looks every {@code hearth.notifier.idle-poll} only.
         */
        @WithDefault("1s")
        Duration poll();
    }

    /** KPI alarms. */
    Alarms alarms();

    /** KPI alarm settings ({@code hearth.notifier.alarms.*}). */
    interface Alarms {
        /** How long pushed samples are kept; an alarm's window (period times evaluation periods) should fit. */
        @WithDefault("P1D")
        Duration sampleRetention();

        /**
         * How far an evaluation's periods end before the evaluation itself: a sample measured at t is counted once it
         * reached the notifier's database within this delay of t (the hop through {@code hearth.metrics}). Longer is
         * safer, and fires an alarm that much later.
         */
        @WithDefault("2s")
        Duration evaluationDelay();

        /** How many times an alarm action (a POST) is tried before it is given up, logged. */
        @WithDefault("5")
        int actionAttempts();

        /** How long one try of an alarm action waits for its answer. */
        @WithDefault("5s")
        Duration actionTimeout();

        /** The wait before the second try of an alarm action; it doubles with each further try, at most a minute. */
        @WithDefault("1s")
        Duration actionBackoff();
    }

    /** Settings of the webhook deliveries ({@code hearth.notifier.webhooks.*}). */
    interface Webhooks {

        /** The wait before the second try of an event; each later wait doubles, up to the cap. */
        @WithDefault("1s")
        Duration backoffBase();

        /** The longest wait between two tries. */
        @WithDefault("60s")
        Duration backoffCap();

        /**
         * How many times an event is tried before it becomes a dead letter. Each wait is drawn between half and
         * all of its nominal value (jitter), so with the defaults the 11 waits take 3 to 6 minutes: a receiver
         * down for a minute gets everything afterwards.
         */
        @WithDefault("12")
        int tries();

        /** The longest one try may take (connecting, sending, the answer's head and body). */
        @WithDefault("10s")
        Duration timeout();

        /** How many events of one subscription are in flight at once (each of a different stack). */
        @WithDefault("4")
        int concurrency();

        /**
         * How many subscriptions one tenant may have; one more is refused with Heat's {@code RequestLimitExceeded}
         * (400).
         */
        @WithDefault("100")
        int maxSubscriptionsPerTenant();

        /** How long the previous secret still signs deliveries after a rotation. */
        @WithDefault("24h")
        Duration rotationGrace();

        /**
         * The longest the dispatcher sleeps with nothing due while it cannot listen for the journal's
         * {@code NOTIFY}; while it listens, a commit wakes it at once and it sleeps at most
         * {@code hearth.notifier.idle-poll}.
         */
        @WithDefault("1s")
        Duration poll();
    }
}
