package io.hearth.deployment.groups;

import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.StackRuntime;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * The group a server belongs to: the nearest ResourceGroup or AutoScalingGroup above the server's stack. A server
 * that is a group's member sits in the group's nested stack; a server that is part of a member template resource sits
 * one stack deeper (the member's own nested stack), and so on. The membership view (the notifier) counts a server as
 * a member of that group.
 */
@ApplicationScoped
public class GroupOfServer {

    /** The group types whose members are counted. */
    public static final Set<String> GROUP_TYPES = MembershipChanged.GROUP_TYPES;

    /**
     * A group: its resource name and the id of the stack that holds it.
     *
     * @param stackId       the stack holding the group resource
     * @param name          the group resource's name
     * @param memberStackId the nested stack of the member template resource the server is part of (a stack in the
     *                      group's own nested stack), null when the server itself is the member
     */
    public record Group(String stackId, String name, String memberStackId) {
    }

    private final StackRuntimeRepository repository;

    public GroupOfServer(StackRuntimeRepository repository) {
        this.repository = repository;
    }

    /** Whether a resource of this type is a group whose members the membership view counts. */
    public static boolean counts(String type) {
        return GROUP_TYPES.contains(type);
    }

    /** The group above a server's stack, or null when the stack is no group's (nested) member. */
    public Uni<Group> of(StackRuntime stack) {
        return of(stack, null);
    }

    /** The group above {@code stack}, reached from {@code below} (the stack one level under it, null at first). */
    private Uni<Group> of(StackRuntime stack, StackRuntime below) {
        if (stack.parentStackId == null) {
            return Uni.createFrom().nullItem();
        }
        return repository.row(stack.parentStackId, stack.parentResource, stack.id.toString())
                .chain(owner -> {
                    if (owner == null) {
                        return Uni.createFrom().nullItem();
                    }
                    if (counts(owner.type)) {
                        return Uni.createFrom().item(new Group(stack.parentStackId.toString(), stack.parentResource,
                                below == null ? null : below.id.toString()));
                    }
                    return repository.stack(stack.parentStackId)
                            .chain(parent -> parent == null ? Uni.createFrom().nullItem() : of(parent, stack));
                });
    }
}
