package io.hearth.deployment.messaging;

/** The messaging channels of deployment-service; tests reuse these names. */
public final class Channels {

    /**
     * Consumes every input of the engine in one consumer: {@code hearth.stack.commands}, {@code hearth.signals}
     * (check-ins, deployment, wait-condition and nested-stack signals, data bag changes, progress),
     * {@code hearth.scaling} (alarm URLs), {@code hearth.membership} (the notifier's group members) and
     * {@code hearth.compute.status} (what compute drivers report). Range assignment gives partition i of each topic
     * to the same replica, so the replica owning a stack tree's key gets all of the tree's inputs.
     */
    public static final String ENGINE = "engine";

    /** The consumer group, also the inbox's name for this consumer. */
    public static final String GROUP = "deployment-service";

    private Channels() {
    }
}
