package io.hearth.deployment.messaging;

/** The messaging channels of deployment-service; tests reuse these names. */
public final class Channels {

    /** Consumes {@code hearth.stack.commands}. */
    public static final String STACK_COMMANDS = "stack-commands";

    /** Consumes {@code hearth.signals}: server check-ins, deployment and wait-condition signals. */
    public static final String SIGNALS = "signals";

    /** Consumes {@code hearth.membership}: a group's CREATE_COMPLETE members changed (the notifier). */
    public static final String MEMBERSHIP = "membership";

    /** Consumes {@code hearth.scaling}: a ScalingPolicy's alarm URL was called. */
    public static final String SCALING = "scaling";

    /** Consumes {@code hearth.compute.status}: what compute drivers report about servers, and their heartbeats. */
    public static final String COMPUTE_STATUS = "compute-status";

    /** The consumer group, also the inbox's name for this consumer. */
    public static final String GROUP = "deployment-service";

    private Channels() {
    }
}
