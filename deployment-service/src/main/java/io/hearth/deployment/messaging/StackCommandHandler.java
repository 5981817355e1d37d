package io.hearth.deployment.messaging;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.StackAbandonRequested;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.contracts.stack.v1.StackAdoptRequested;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.contracts.stack.v1.StackUpdateRequested;
import io.hearth.deployment.engine.StackAbandonment;
import io.hearth.deployment.engine.StackAdoption;
import io.hearth.deployment.engine.StackLifecycle;
import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/** Dispatches stack commands by event type. */
@ApplicationScoped
public class StackCommandHandler {

    /** The event types this handler acts on: the stack commands. */
    public static final Set<String> TYPES = Set.of(StackCreateRequested.TYPE, StackUpdateRequested.TYPE, StackDeleteRequested.TYPE,
            StackActionRequested.TYPE, StackAbandonRequested.TYPE, StackAdoptRequested.TYPE);

    private final StackLifecycle lifecycle;
    private final StackAbandonment abandonment;
    private final StackAdoption adoption;

    public StackCommandHandler(StackLifecycle lifecycle, StackAbandonment abandonment, StackAdoption adoption) {
        this.lifecycle = lifecycle;
        this.abandonment = abandonment;
        this.adoption = adoption;
    }

    /** Applies one command inside the processor's transaction. */
    public Uni<Void> handle(CloudEvent event) {
        return switch (event.type()) {
            case StackCreateRequested.TYPE -> lifecycle.create(event.dataAs(StackCreateRequested.class));
            case StackUpdateRequested.TYPE -> lifecycle.update(event.dataAs(StackUpdateRequested.class));
            case StackDeleteRequested.TYPE -> lifecycle.delete(event.dataAs(StackDeleteRequested.class));
            case StackActionRequested.TYPE -> lifecycle.action(event.dataAs(StackActionRequested.class));
            case StackAbandonRequested.TYPE -> abandonment.abandon(event.dataAs(StackAbandonRequested.class));
            case StackAdoptRequested.TYPE -> adoption.adopt(event.dataAs(StackAdoptRequested.class));
            default -> EventProcessor.ignore(event);
        };
    }
}
