package io.hearth.deployment.groups;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.platform.rest.ApiException;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Instances that an external autoscaler or the external compute driver launched or terminated as members of a
 * stack's group: each notification becomes the {@code InstanceStateChanged} a stack's own server would give
 * ({@link InstanceEvents}), written to the outbox in one transaction with the checks; the state it left is not
 * known (null). A stack that is not the
 * tenant's (or is deleted) and a group that is not in it, or no group the membership view counts
 * ({@link GroupOfServer#counts}), are not found and nothing is written.
 */
@ApplicationScoped
public class InstanceNotifications {

    /** What happened to the instance, as the API names it. */
    public static final String LAUNCHED = "launched";
    public static final String TERMINATED = "terminated";

    /** The events a notification may carry, in the order a refusal lists them. */
    public static final List<String> EVENTS = List.of(LAUNCHED, TERMINATED);

    /**
     * One notification, its fields checked for shape.
     *
     * @param tenant   the tenant the request is for
     * @param stackId  the id of the stack holding the group
     * @param group    the group resource's name in that stack
     * @param event    {@link #LAUNCHED} or {@link #TERMINATED}
     * @param serverId the instance's id
     * @param name     the instance's name (the member's resource name)
     * @param address  its address, may be null
     */
    public record Notification(String tenant, String stackId, String group, String event, String serverId,
            String name, String address) {

        /** The state the instance entered: CREATE_COMPLETE when it launched, DELETE_COMPLETE when terminated. */
        public String state() {
            return (LAUNCHED.equals(event) ? Action.CREATE : Action.DELETE).with(Status.COMPLETE);
        }
    }

    private final InstanceEvents instances;
    private final StackRuntimeRepository repository;

    public InstanceNotifications(InstanceEvents instances, StackRuntimeRepository repository) {
        this.instances = instances;
        this.repository = repository;
    }

    /** Checks the stack and group and writes the instance's state change; fails with a 404 otherwise. */
    @WithTransaction
    public Uni<Void> notify(Notification n) {
        return stack(n.tenant(), n.stackId()).chain(stack -> group(stack, n.group())
                .chain(group -> instances.changed(stack, group, n.serverId(), n.name(), n.address(),
                        null, n.state())));
    }

    private Uni<StackRuntime> stack(String tenant, String stackId) {
        UUID id;
        try {
            id = UUID.fromString(stackId);
        } catch (IllegalArgumentException e) {
            return Uni.createFrom().failure(stackNotFound(stackId));
        }
        return repository.stack(id, tenant)
                .onItem().ifNull().failWith(() -> stackNotFound(stackId))
                .invoke(stack -> {
                    if (stack.action == Action.DELETE && stack.status == Status.COMPLETE) {
                        throw stackNotFound(stackId);
                    }
                });
    }

    private Uni<GroupOfServer.Group> group(StackRuntime stack, String name) {
        return repository.rowsNamed(stack.id, name).map(rows -> {
            ResourceRuntime row = rows.stream().filter(r -> !r.is(Action.DELETE, Status.COMPLETE)).findFirst()
                    .orElseThrow(() -> ApiException.notFound("The Resource (" + name
                            + ") could not be found in Stack " + stack.name + "."));
            if (!GroupOfServer.counts(row.type)) {
                throw ApiException.notFound("The Resource (" + name + ") in Stack " + stack.name + " is "
                        + row.type + ", not a group whose members are counted ("
                        + String.join(", ", new TreeSet<>(GroupOfServer.GROUP_TYPES)) + ").");
            }
            return new GroupOfServer.Group(stack.id.toString(), name, null);
        });
    }

    private static ApiException stackNotFound(String stackId) {
        return ApiException.notFound("The Stack (" + stackId + ") could not be found.");
    }
}
