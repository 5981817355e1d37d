package io.hearth.deployment.software;

/** What became of a signal. */
public enum SignalOutcome {
    /** The first terminal signal of the deployment's current action and generation: it decided the status. */
    APPLIED,
    /** The current generation already has a terminal status: recorded, nothing changed. */
    DUPLICATE,
    /** For another action or an older (or unknown newer) generation: recorded, nothing changed. */
    STALE,
    /** No such deployment (deleted, or never existed): recorded, nothing changed. */
    UNKNOWN_DEPLOYMENT
}
