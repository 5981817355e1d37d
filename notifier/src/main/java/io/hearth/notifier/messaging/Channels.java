package io.hearth.notifier.messaging;

/** The messaging channels of the notifier; tests reuse these names. */
public final class Channels {

    /** Consumes {@code hearth.instance.lifecycle}. */
    public static final String INSTANCE_LIFECYCLE = "instance-lifecycle";

    /** The consumer group, also the inbox's name for this consumer. */
    public static final String GROUP = "notifier";

    private Channels() {
    }
}
