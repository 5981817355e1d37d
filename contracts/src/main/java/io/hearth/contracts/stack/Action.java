package io.hearth.contracts.stack;

/**
 * What a stack or a resource is doing or last did: Heat's actions ({@code heat.engine.status.ResourceStatus.ACTIONS},
 * with {@code Stack.ACTIONS}' RESTORE). With a {@link Status} it makes the state Heat shows, e.g.
 * {@code CREATE_COMPLETE} ({@link #with}).
 *
 * <p>The event records keep their action as text, so a reader never fails on a value it does not know; Heat's
 * event history also holds actions that are no state, as the {@code SIGNAL} of a resource signal.
 */
public enum Action {
    INIT, CREATE, DELETE, UPDATE, ROLLBACK, SUSPEND, RESUME, ADOPT, SNAPSHOT, CHECK, RESTORE;

    /** Whether a text (an event's action, a free-text column) names this action. */
    public boolean is(String text) {
        return name().equals(text);
    }

    /** Heat's combined state of this action and a status, e.g. {@code CREATE_COMPLETE}. */
    public String with(Status status) {
        return name() + "_" + status.name();
    }
}
