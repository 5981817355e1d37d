package io.hearth.agent.journal;

/** Where a run stands in the journal. */
public enum Phase {
    /** Recorded before the hook was launched; the hook may be running. */
    STARTED,
    /** The hook's result is known and waits to be signalled. */
    FINISHED,
    /** The gateway accepted the signal. */
    SIGNALLED,
    /** Done without a signal: transport NO_SIGNAL (or no signal URL). */
    NOT_SIGNALLED,
    /** The gateway refused the signal for good (400/403/404/410/413); not retried. */
    ABANDONED;

    /** True once nothing is left to do for the run. */
    public boolean terminal() {
        return this == SIGNALLED || this == NOT_SIGNALLED || this == ABANDONED;
    }
}
