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
