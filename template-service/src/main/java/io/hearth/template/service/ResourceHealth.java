package io.hearth.template.service;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackResourceState;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;

/**
 * Heat's resource mark-unhealthy: puts a resource of a stack with no action in progress in
 * CHECK_FAILED (or a CHECK_FAILED one back in CHECK_COMPLETE) in the resources read model, in the
 * transaction that asks deployment-service to do the same, so that the next show sees it;
 * deployment-service then reports the same status (and its event).
 */
@ApplicationScoped
public class ResourceHealth {

    /** Heat's reason when the user gives none. */
    static final String DEFAULT_REASON = "state changed by resource_mark_unhealthy api";

    private final StackService stacks;
    private final StackCommands commands;

    public ResourceHealth(StackService stacks, StackCommands commands) {
        this.stacks = stacks;
        this.commands = commands;
    }

    /**
     * Appends {@code StackActionRequested} MARK_UNHEALTHY or MARK_HEALTHY for a resource found
     * by name or physical id, as Heat's engine finds it.
     *
     * @throws ApiException 404 when the live stack or the resource is not there
     */
    @WithTransaction
    public Uni<Void> mark(String tenant, String stackName, String stackId, String resource, boolean unhealthy,
            String reason) {
        String why = reason == null || reason.isEmpty() ? DEFAULT_REASON : reason;
        return stacks.atUrl(tenant, stackName, stackId, false)
                .chain(stack -> find(stack, resource).chain(found -> {
                    marked(stack, found, unhealthy, why);
                    return commands.send(stack, new StackActionRequested(stack.id.toString(), tenant, stack.name,
                            unhealthy ? StackActionRequested.MARK_UNHEALTHY : StackActionRequested.MARK_HEALTHY,
                            found.name, why));
                }))
                .replaceWithVoid();
    }

    /**
     * What deployment-service will do to the resource, as Heat's engine does it: unhealthy puts any
     * resource but a deleted one in CHECK_FAILED, healthy puts a CHECK_FAILED one in CHECK_COMPLETE;
     * nothing while the stack has an action in progress (deployment-service ignores the request then).
     */
    private static void marked(Stack stack, StackResourceState row, boolean unhealthy, String reason) {
        if (stack.status == Status.IN_PROGRESS) {
            return;
        }
        Status status;
        if (unhealthy) {
            if (row.action == Action.DELETE) {
                return;
            }
            status = Status.FAILED;
        } else if (row.action == Action.CHECK && row.status == Status.FAILED) {
            status = Status.COMPLETE;
        } else {
            return;
        }
        row.action = Action.CHECK;
        row.status = status;
        row.statusReason = reason;
        row.updatedAt = Instant.now();
    }

    /**
     * A stack's resource by name or else physical id.
     *
     * @throws ApiException 404 {@code ResourceNotFound} when neither names one
     */
    public static Uni<StackResourceState> find(Stack stack, String resource) {
        return StackResourceState.named(stack.id, resource)
                .chain(byName -> byName != null ? Uni.createFrom().item(byName)
                        : StackResourceState.<StackResourceState>find(
                                "stackId = ?1 and physicalResourceId = ?2 order by position", stack.id, resource)
                                .firstResult())
                .onItem().ifNull().failWith(() -> notFound(stack, resource));
    }

    /** Heat's ResourceNotFound. */
    public static ApiException notFound(Stack stack, String resource) {
        return new ApiException(404, "ResourceNotFound",
                "The Resource (" + resource + ") could not be found in Stack " + stack.name + ".");
    }
}
