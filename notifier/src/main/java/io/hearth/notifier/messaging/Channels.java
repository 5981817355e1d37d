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

    private Channels() {
    }
}
