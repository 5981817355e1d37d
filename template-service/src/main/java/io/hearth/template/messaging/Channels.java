package io.hearth.template.messaging;

/** The messaging channels of template-service; tests reuse these names. */
public final class Channels {

    /** Consumes {@code hearth.stack.events}. */
    public static final String STACK_EVENTS = "stack-events";

    /** The consumer group, also the inbox's name for this consumer. */
    public static final String GROUP = "template-service";

    private Channels() {
    }
}
