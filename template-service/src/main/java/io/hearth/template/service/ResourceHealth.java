package io.hearth.template.service;

import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.platform.outbox.Outbox;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackResourceState;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Heat's resource mark-unhealthy: asks deployment-service to put a resource in CHECK_FAILED
 * (or back to CHECK_COMPLETE); the change shows once it reports the new status.
 */
@ApplicationScoped
public class ResourceHealth {

    /** Heat's reason when the user gives none. */
    static final String DEFAULT_REASON = "state changed by resource_mark_unhealthy api";

    private final StackService stacks;
    private final Outbox outbox;

    public ResourceHealth(StackService stacks, Outbox outbox) {
        this.stacks = stacks;
        this.outbox = outbox;
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
        return stacks.atUrl(tenant, stackName, stackId, false)
                .chain(stack -> find(stack, resource).chain(found -> outbox.append("stack", stack.id.toString(),
                        stack.id.toString(), new StackActionRequested(stack.id.toString(), tenant, stack.name,
                                unhealthy ? StackActionRequested.MARK_UNHEALTHY : StackActionRequested.MARK_HEALTHY,
                                found.name, reason == null || reason.isEmpty() ? DEFAULT_REASON : reason))))
                .replaceWithVoid();
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
