package io.hearth.deployment.spi;

import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.smallrye.mutiny.Uni;

/** The stack events a resource handler publishes itself; the engine implements it (with its outbox). */
public interface ResourceEvents {

    /** Publishes a resource's current state; a COMPLETE create, update or check carries its attributes. */
    Uni<Void> resourceStatus(StackRuntime stack, ResourceRuntime row);

    /**
     * Publishes an event of a resource that leaves its state as it is (Heat's {@code _add_event}): a signal's
     * {@code SIGNAL} event with the resource's status and the signal's reason.
     */
    Uni<Void> signalEvent(StackRuntime stack, ResourceRuntime row, String reason);
}
