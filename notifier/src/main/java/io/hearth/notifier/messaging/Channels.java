package io.hearth.notifier.messaging;

/** The messaging channels of the notifier; tests reuse these names. */
public final class Channels {

    /** Consumes {@code hearth.instance.lifecycle}. */
    public static final String INSTANCE_LIFECYCLE = "instance-lifecycle";

    /** Consumes {@code hearth.metrics}: alarm definitions and samples. */
    public static final String METRICS = "metrics";

    /** The consumer group of {@link #METRICS}, also its inbox's name. */
    public static final String METRICS_GROUP = "notifier-metrics";

    /** The consumer group, also the inbox's name for this consumer. */
    public static final String GROUP = "notifier";

    /** Consumes {@code hearth.stack.events} into the journal. */
    public static final String STACK_EVENTS = "stack-events";

    /** The journal's consumer group on {@code hearth.stack.events}, also its inbox name. */
    public static final String STACK_EVENTS_GROUP = "notifier-journal-stack-events";

    /** Consumes {@code hearth.membership} into the journal. */
    public static final String MEMBERSHIP = "membership";

    /** The journal's consumer group on {@code hearth.membership}, also its inbox name. */
    public static final String MEMBERSHIP_GROUP = "notifier-journal-membership";

    private Channels() {
    }
}
