package io.hearth.notifier.messaging;

/** The messaging channels of the notifier; tests reuse these names. */
public final class Channels {

    /**
     * Consumes the notifier's four topics in one consumer ({@link NotifierConsumer}): {@code hearth.stack.events},
     * {@code hearth.membership}, {@code hearth.instance.lifecycle} and {@code hearth.metrics}.
     */
    public static final String EVENTS = "notifier-events";

    /** The consumer group of {@link #EVENTS}, also the inbox name of {@code hearth.instance.lifecycle}'s events. */
    public static final String GROUP = "notifier";

    /** The inbox name of {@code hearth.metrics}'s events. */
    public static final String METRICS_GROUP = "notifier-metrics";

    /** The inbox name of {@code hearth.stack.events}' events. */
    public static final String STACK_EVENTS_GROUP = "notifier-journal-stack-events";

    /** The inbox name of {@code hearth.membership}'s events. */
    public static final String MEMBERSHIP_GROUP = "notifier-journal-membership";

    private Channels() {
    }
}
