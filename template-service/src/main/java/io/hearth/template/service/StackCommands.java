package io.hearth.template.service;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.platform.outbox.Outbox;
import io.hearth.template.domain.Stack;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/**
 * A stack's commands for deployment-service ({@code hearth.stack.commands}), appended to the outbox in the caller's
 * transaction with the stack as subject and its tree's top-level stack as key, so that every input of a tree reaches
 * the one deployment-service replica owning its partition.
 */
@ApplicationScoped
public class StackCommands {

    private final Outbox outbox;

    public StackCommands(Outbox outbox) {
        this.outbox = outbox;
    }

    /** Appends {@code command} about {@code stack}. */
    public Uni<CloudEvent> send(Stack stack, Object command) {
        return treeKey(stack).chain(key -> outbox.append("stack", key, stack.id.toString(), command));
    }

    /**
     * The id of the stack's tree's top-level stack (its own for a top-level stack), found up the {@code parent_id}
     * chain. A parent not (yet) in the read model ends the walk: the furthest known ancestor's id is the key.
     */
    static Uni<String> treeKey(Stack stack) {
        if (stack.parentId == null) {
            return Uni.createFrom().item(stack.id.toString());
        }
        UUID parent = stack.parentId;
        return Stack.<Stack>findById(parent).chain(found -> found == null ? Uni.createFrom().item(parent.toString())
                : treeKey(found));
    }
}
