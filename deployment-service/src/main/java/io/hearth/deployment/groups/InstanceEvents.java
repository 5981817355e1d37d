package io.hearth.deployment.groups;

import io.hearth.contracts.instance.v1.InstanceStateChanged;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.platform.outbox.Outbox;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * Writes {@code InstanceStateChanged} to the outbox, in the caller's transaction, for {@code hearth.instance.lifecycle}:
 * a stack's own servers ({@code ServerHandler}) and instances an external autoscaler or compute driver reports
 * ({@link InstanceNotifications}). The key is the stack tree's ({@link StackRuntime#eventKey()}), so every member of a
 * group reaches the membership view in the order written.
 */
@ApplicationScoped
public class InstanceEvents {

    private final Outbox outbox;

    public InstanceEvents(Outbox outbox) {
        this.outbox = outbox;
    }

    /**
     * One instance's state change.
     *
     * @param stack        the stack whose resource the instance is (for an external instance: the group's stack)
     * @param group        the group it is a member of, or null
     * @param serverId     the instance's server id
     * @param resourceName its resource name (an external instance's name)
     * @param address      its address, may be null
     * @param previous     the state it left, may be null
     * @param state        the state it entered
     */
    public Uni<Void> changed(StackRuntime stack, GroupOfServer.Group group, String serverId, String resourceName,
            String address, String previous, String state) {
        String stackId = stack.id.toString();
        return outbox.append("stack", stack.eventKey(), stackId, new InstanceStateChanged(stackId, stack.tenant,
                group == null ? null : group.name(), group == null ? null : group.stackId(),
                group == null ? null : group.memberStackId(), serverId, resourceName,
                address, previous, state, Instant.now(), stack.eventKey())).replaceWithVoid();
    }
}
