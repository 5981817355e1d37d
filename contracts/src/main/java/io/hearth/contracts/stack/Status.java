package io.hearth.contracts.stack;

/**
 * How a stack's or a resource's {@link Action} stands: Heat's statuses
 * ({@code heat.engine.status.ResourceStatus.STATUSES}, in Heat's order).
 *
 * <p>The event records keep their status as text, so a reader never fails on a value it does not know.
 */
public enum Status {
    IN_PROGRESS, FAILED, COMPLETE;

    /** Whether a text (an event's status, a free-text column) names this status. */
    public boolean is(String text) {
        return name().equals(text);
    }

    /** Whether a text (an event's status, a free-text column) names the end of an action: COMPLETE or FAILED. */
    public static boolean ended(String text) {
        return COMPLETE.is(text) || FAILED.is(text);
    }
}
