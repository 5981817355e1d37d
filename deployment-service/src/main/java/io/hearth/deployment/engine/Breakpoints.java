package io.hearth.deployment.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.ResourceHook;
import io.hearth.deployment.domain.ResourceRuntime;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * Breakpoints, Heat's hooks ({@code Resource._break_if_required}): a resource whose plan sets a hook
 * ({@code PlannedResource.hooks}, from the environment's {@code resource_registry: {resources: {NAME: {hooks:
 * ...}}}}) stops there once per traversal, with Heat's event {@code CREATE paused until Hook pre-create is cleared}
 * (the resource's state as it is: INIT_COMPLETE before its create), and waits, its stack IN_PROGRESS, until Heat's
 * resource signal {@code {"unset_hook": "pre-create"}} clears it ({@code Hook pre-create is cleared}); then it goes
 * on. A {@code pre-*} hook stops a resource before its action starts, a {@code post-*} one after it completed, before
 * its dependents start. Where a hook was reached is a {@code resource_hook} row written in the step's transaction, so
 * the wait survives restarts; a new traversal (an update, a delete, a cancel) ends a wait with Heat's
 * {@code Failure occurred while waiting.}.
 */
@ApplicationScoped
class Breakpoints {

    private static final Logger LOG = Logger.getLogger(Breakpoints.class);

    static final String PRE_CREATE = "pre-create";
    static final String PRE_UPDATE = "pre-update";
    static final String PRE_DELETE = "pre-delete";
    static final String POST_CREATE = "post-create";
    static final String POST_UPDATE = "post-update";

    /** The key of Heat's resource signal that clears a hook. */
    static final String UNSET_HOOK = "unset_hook";

    private final StackEvents events;

    private final StackRuntimeRepository repository;

    Breakpoints(StackEvents events, StackRuntimeRepository repository) {
        this.events = events;
        this.repository = repository;
    }

    /**
     * Whether {@code resource} waits at {@code hook} now: it reaches the hook (recorded, with Heat's event) unless this
     * traversal reached it already, and waits until it is cleared.
     *
     * @param row the resource's row as it is, null before its create
     */
    Uni<Boolean> stop(StackState state, PlannedResource resource, ResourceRuntime row, String hook, Action action) {
        if (resource == null || !resource.hooked(hook)) {
            return Uni.createFrom().item(false);
        }
        ResourceHook reached = state.hook(resource.name(), hook);
        if (reached != null && reached.traversal == state.traversal()) {
            return Uni.createFrom().item(reached.clearedAt == null);
        }
        LOG.infof("stack %s (%s): %s reached hook %s", state.stack.name, state.stack.id, resource.name(), hook);
        Uni<ResourceHook> kept = reached != null ? Uni.createFrom().item(reached)
                : repository.hook(new ResourceHook.Key(state.stack.id, resource.name(), hook));
        return kept.chain(found -> {
            ResourceHook entry = found;
            Uni<?> stored;
            if (entry == null) {
                entry = new ResourceHook();
                entry.key = new ResourceHook.Key(state.stack.id, resource.name(), hook);
                stored = repository.insert(entry);
            } else {
                stored = Uni.createFrom().item(entry);
            }
            entry.traversal = state.traversal();
            entry.reachedAt = Instant.now();
            entry.clearedAt = null;
            state.putHook(entry);
            return stored.chain(() -> event(state, resource.name(), resource.type(), row,
                    action + " paused until Hook " + hook + " is cleared"));
        }).replaceWith(true);
    }

    /** Whether a resource waits at one of its hooks in the traversal under way. */
    static boolean waits(StackState state, String resource) {
        return state.hooks().stream().anyMatch(h -> h.key.resource().equals(resource)
                && h.traversal == state.traversal() && h.clearedAt == null);
    }

    /**
     * The hook an API signal clears ({@code {"unset_hook": "pre-create"}}), or null when the signal is not one.
     * As in Heat, such a signal never reaches the resource's handler.
     */
    static String unsetHook(JsonNode details) {
        JsonNode hook = details == null || !details.isObject() ? null : details.get(UNSET_HOOK);
        return hook == null ? null : hook.asText();
    }

    /**
     * Heat's {@code _unset_hook}: the resource goes on (the caller advances the stack), with Heat's event
     * {@code Hook pre-create is cleared}. A hook the resource does not wait at (template-service refused such a
     * signal with Heat's {@code InvalidBreakPointHook}; this is the race behind it) changes nothing.
     */
    Uni<Void> clear(StackState state, String resource, String hook) {
        ResourceHook entry = state.hook(resource, hook);
        if (entry == null || entry.traversal != state.traversal() || entry.clearedAt != null) {
            LOG.warnf("stack %s (%s): hook %s of %s is not set; unset_hook ignored", state.stack.name, state.stack.id,
                    hook, resource);
            return Uni.createFrom().voidItem();
        }
        entry.clearedAt = Instant.now();
        LOG.infof("stack %s (%s): hook %s of %s cleared", state.stack.name, state.stack.id, hook, resource);
        return event(state, resource, "Hook " + hook + " is cleared");
    }

    /**
     * A new traversal starts while resources wait at hooks (an update, a delete or a cancel): each wait ends with Heat's
     * {@code Failure occurred while waiting.}, and the hook is cleared.
     */
    Uni<Void> abandon(StackState state) {
        List<ResourceHook> waiting = state.hooks().stream()
                .filter(h -> h.traversal == state.traversal() && h.clearedAt == null).toList();
        return StackEngine.each(waiting, entry -> {
            entry.clearedAt = Instant.now();
            return event(state, entry.key.resource(), "Failure occurred while waiting.");
        });
    }

    /** An event of the resource as it is now: its current row, else its planned type. */
    private Uni<Void> event(StackState state, String name, String reason) {
        ResourceRuntime row = state.current(name);
        PlannedResource planned = state.planned(name);
        return event(state, name, row != null ? row.type : planned == null ? null : planned.type(), row, reason);
    }

    /** Heat's {@code _add_event(self.action, self.status, reason)}: INIT_COMPLETE for a resource not created yet. */
    private Uni<Void> event(StackState state, String name, String type, ResourceRuntime row, String reason) {
        return events.resourceEvent(state.stack, name, row == null ? null : row.physicalId, type,
                row == null ? Action.INIT.name() : row.action.name(), row == null ? Status.COMPLETE.name() : row.status.name(),
                reason);
    }
}
