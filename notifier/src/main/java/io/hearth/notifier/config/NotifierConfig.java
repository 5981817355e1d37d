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

    /** The journal of events that client streams (and webhooks) read. */
    Journal journal();

    /** The live client streams (SSE and WebSocket). */
    Streams streams();

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
         * The longest the shared tail waits for new journal rows when no notification came (a commit's
         * {@code NOTIFY} wakes it at once).
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
}
