package io.hearth.deployment.engine;

import static io.hearth.contracts.stack.Status.COMPLETE;
import static io.hearth.contracts.stack.Status.FAILED;
import static io.hearth.contracts.stack.Status.IN_PROGRESS;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.config.DeploymentConfig;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.spi.Digests;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.handlers.ResourceHandlers;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.jboss.logging.Logger;

/**
 * The step function that runs a stack: {@link #advance} starts every resource the dependency graph
 * allows, finishes those that complete at once, and, when nothing is left, finishes the stack. A
 * resource that waits keeps a wake-up time that {@link ResourceTimer} honours; {@link #wake} resumes it.
 * Every call runs inside the caller's transaction, with the stack row locked.
 */
@ApplicationScoped
public class StackEngine {

    private static final Logger LOG = Logger.getLogger(StackEngine.class);

    private final ResourceHandlers handlers;
    private final StackEvents events;
    private final ResourceStarter starter;
    private final StackOutputs outputs;
    private final StackSweep sweep;
    private final Breakpoints breakpoints;

    private final Duration defaultTimeout;
    private final StackStates states;
    private final StackRuntimeRepository repository;

    public StackEngine(ResourceHandlers handlers, StackEvents events, ResourceStarter starter, StackOutputs outputs,
            StackSweep sweep, DeploymentConfig config, Breakpoints breakpoints, StackStates states,
            StackRuntimeRepository repository) {
        this.breakpoints = breakpoints;
        this.states = states;
        this.repository = repository;
        this.sweep = sweep;
        this.handlers = handlers;
        this.events = events;
        this.starter = starter;
        this.outputs = outputs;
        this.defaultTimeout = config.stackTimeout();
    }

    /** Moves the stack's current action on as far as it can go now. */
    public Uni<Void> advance(StackState state) {
        if (state.stack.status != IN_PROGRESS) {
            return Uni.createFrom().voidItem();
        }
        if (state.stack.action == Action.DELETE) {
            return deleteStep(state);
        }
        return StackSweep.ACTIONS.contains(state.stack.action) ? sweepStep(state) : convergeStep(state);
    }

    /**
     * Resumes the resources whose wait is over, then advances the stack; once the stack's deadline has
     * passed, times the action out instead.
     */
    public Uni<Void> wake(StackState state, Instant now) {
        if (StackTimeouts.expired(state.stack, now)) {
            return StackTimeouts.abort(state, handlers, events).chain(() -> fail(state, StackTimeouts.REASON));
        }
        List<ResourceRuntime> due = state.rows.stream()
                .filter(row -> row.wakeAt != null && !row.wakeAt.isAfter(now)).toList();
        return each(due, row -> resume(state, row)).chain(() -> advance(state));
    }

    /** Goes on with a waiting resource's action ({@link ResourceHandler#resume}) and records how it ended. */
    Uni<Void> resume(StackState state, ResourceRuntime row) {
        row.wakeAt = null;
        ResourceHandler handler = handlers.forRow(row);
        return starter.apply(state, row, handler.resume(ResourceCall.of(state.stack, row)));
    }

    /** Create or update: bring every planned resource in line, clean up what is left behind, finish. */
    private Uni<Void> convergeStep(StackState state) {
        Optional<ResourceRuntime> failed = state.failure();
        if (failed.isPresent()) {
            ResourceRuntime row = failed.get();
            return fail(state, "Resource " + row.action + " failed: " + row.statusReason);
        }
        if (state.refusal().isPresent()) {
            return fail(state, state.refusal().get());
        }
        List<ResourceRuntime> busy = Scheduler.preemptable(state);
        if (!busy.isEmpty()) {
            return each(busy, row -> preempt(state, row)).chain(() -> converge(state));
        }
        return converge(state);
    }

    /** Heat's {@code handle_preempt} of a row an earlier traversal still works on; nothing when its handler waits. */
    private Uni<Void> preempt(StackState state, ResourceRuntime row) {
        return handlers.forRow(row).preempt(ResourceCall.of(state.stack, row)).chain(outcome -> outcome == null
                ? Uni.createFrom().voidItem() : starter.apply(state, row, Uni.createFrom().item(outcome)));
    }

    private Uni<Void> converge(StackState state) {
        List<PlannedResource> ready = Scheduler.readyToConverge(state);
        if (!ready.isEmpty()) {
            return each(ready, resource -> state.failure().isPresent() || state.refusal().isPresent()
                    ? Uni.createFrom().voidItem() : starter.converge(state, resource)).chain(() -> advance(state));
        }
        if (!Scheduler.allConverged(state)) {
            return Uni.createFrom().voidItem(); // waiting for a resource
        }
        List<ResourceRuntime> leftBehind = Scheduler.leftBehind(state);
        List<ResourceRuntime> deletable = Scheduler.readyToDelete(leftBehind);
        if (!deletable.isEmpty()) {
            return each(deletable, row -> starter.delete(state, row)).chain(() -> advance(state));
        }
        if (!leftBehind.isEmpty()) {
            return Uni.createFrom().voidItem(); // waiting for a deletion
        }
        Map<String, JsonNode> values = outputs.evaluate(state);
        return finish(state, COMPLETE, "Stack " + state.stack.action + " completed successfully", values);
    }

    /**
     * Suspend, resume, check ({@link StackSweep}): every resource once, in dependency order; a failed suspend or
     * resume fails the stack at once, a check fails it with every failure once each resource was checked.
     */
    private Uni<Void> sweepStep(StackState state) {
        Action action = state.stack.action;
        if (state.refusal().isPresent()) {
            return finish(state, FAILED, state.refusal().get(), null);
        }
        List<String> failures = sweep.failures(state);
        if (!failures.isEmpty() && action != Action.CHECK) {
            return finish(state, FAILED, "Resource " + action + " failed: " + failures.get(0), null);
        }
        List<ResourceRuntime> ready = sweep.ready(state);
        if (!ready.isEmpty()) {
            return each(ready, row -> state.refusal().isPresent() ? Uni.createFrom().voidItem()
                    : sweep.visit(state, row)).chain(() -> advance(state));
        }
        if (!sweep.done(state)) {
            return Uni.createFrom().voidItem(); // waiting for a resource
        }
        if (!failures.isEmpty()) {
            return finish(state, FAILED, "Resource CHECK failed: " + String.join("; ", failures), null);
        }
        return finish(state, COMPLETE, "Stack " + action + " completed successfully", outputs.evaluate(state));
    }

    /** Delete: every row, dependents first, then the stack. */
    private Uni<Void> deleteStep(StackState state) {
        Optional<ResourceRuntime> failed = state.failure();
        if (failed.isPresent()) {
            return finish(state, FAILED, "Resource DELETE failed: " + failed.get().statusReason, null);
        }
        if (state.rows.isEmpty()) {
            return finish(state, COMPLETE, "Stack DELETE completed successfully", null);
        }
        List<ResourceRuntime> deletable = Scheduler.readyToDelete(state.rows).stream()
                .filter(row -> !Breakpoints.waits(state, row.name)).toList();
        if (deletable.isEmpty()) {
            return Uni.createFrom().voidItem(); // waiting for a deletion, or at a pre-delete hook
        }
        return each(deletable, row -> breakpoints.stop(state, state.planned(row.name), row, Breakpoints.PRE_DELETE,
                Action.DELETE).chain(waits -> waits ? Uni.createFrom().voidItem() : starter.delete(state, row)))
                .chain(() -> advance(state));
    }

    /** Starts a new action of the stack: a new traversal, the IN_PROGRESS status published. */
    public Uni<Void> begin(StackState state, Action action) {
        return breakpoints.abandon(state).chain(() -> started(state, action));
    }

    private Uni<Void> started(StackState state, Action action) {
        state.stack.traversal++;
        state.stack.contextDepth = 0; // a contextualization's nested update sets it after (NestedStacks.update)
        state.stack.timeoutAt = StackTimeouts.deadline(state.plan, Instant.now(), defaultTimeout);
        if (action == Action.DELETE) {
            // The delete wins: resources still waiting for a create or update are deleted as they are;
            // a deletion under way goes on.
            state.rows.stream().filter(row -> row.action != Action.DELETE).forEach(row -> row.wakeAt = null);
        }
        List<ResourceRuntime> restored = action == Action.UPDATE || action == Action.ROLLBACK ? state.chooseCurrent()
                : List.of();
        return transition(state, action, IN_PROGRESS, "Stack " + action + " started", null)
                .chain(() -> each(restored, row -> events.resourceStatus(state.stack, row)));
    }

    /**
     * Heat's {@code stop_traversal} ({@code cancel_without_rollback}): the stack's create or update is FAILED with
     * {@code Stack UPDATE cancelled} and a new traversal stops it from going on; resources still running finish as
     * they do, without the stack advancing. The stack's nested stacks still in progress stop the same way.
     */
    public Uni<Void> cancel(StackState state) {
        return breakpoints.abandon(state).chain(() -> cancelled(state));
    }

    private Uni<Void> cancelled(StackState state) {
        StackRuntime stack = state.stack;
        stack.traversal++;
        Uni<Void> stopped = transition(state, stack.action, FAILED, "Stack " + stack.action + " cancelled", null);
        if (stack.parentStackId != null) {
            return stopped;
        }
        return stopped.chain(() -> repository.inProgressBelow(stack.id)).chain(nested -> each(nested, child -> states.load(child.id)
                        .chain(childState -> childState == null ? Uni.createFrom().voidItem() : cancel(childState))));
    }

    /**
     * A create or update failed: FAILED with the reason and, as convergence's {@code Stack.mark_failed}, rolled back
     * when the plan does not disable rollback (a top-level stack's; a nested stack fails its parent's resource,
     * whose stack rolls back).
     */
    private Uni<Void> fail(StackState state, String reason) {
        Action action = state.stack.action;
        Uni<Void> failed = finish(state, FAILED, reason, null);
        if ((action == Action.CREATE || action == Action.UPDATE) && !state.plan.disableRollback()
                && state.stack.parentStackId == null) {
            return failed.chain(() -> rollback(state));
        }
        return failed;
    }

    /**
     * Heat's rollback (convergence's {@code Stack.rollback}): a new traversal, action ROLLBACK, that converges the
     * stack to the plan it had before the update ({@code previous_plan}), or to no resource at all after a create,
     * so what the failed action made is deleted and what it changed is brought back. A rollback that fails is
     * ROLLBACK_FAILED and is not rolled back.
     */
    public Uni<Void> rollback(StackState failed) {
        StackRuntime stack = failed.stack;
        StackPlan target;
        if (stack.action == Action.UPDATE && stack.previousPlan != null) {
            target = HearthJson.read(stack.previousPlan, new TypeReference<StackPlan>() {
            });
        } else {
            StackPlan plan = failed.plan;
            target = new StackPlan(plan.templateVersion(), plan.description(), plan.parameters(), List.of(), Map.of(),
                    plan.timeoutMins(), plan.disableRollback(), plan.files(), plan.environment());
        }
        stack.plan = HearthJson.write(target);
        stack.previousPlan = null;
        StackState state = new StackState(stack, target, failed.rows(), failed.hooks());
        return begin(state, Action.ROLLBACK).chain(() -> advance(state));
    }

    /**
     * Publishes the stack's status as it is, with the next version (and its outputs when it completed): a reader
     * that assumed another one (template-service shows an action it asked for as started) sees the real one.
     */
    public Uni<Void> restate(StackState state) {
        StackRuntime stack = state.stack;
        Map<String, JsonNode> values = stack.status == COMPLETE && stack.action != Action.DELETE
                ? outputs.evaluate(state) : null;
        return transition(state, stack.action, stack.status, stack.statusReason, values);
    }

    private Uni<Void> finish(StackState state, Status status, String reason, Map<String, JsonNode> values) {
        return transition(state, state.stack.action, status, reason, values);
    }

    /** Records a stack status and publishes it with the next version. */
    Uni<Void> transition(StackState state, Action action, Status status, String reason,
            Map<String, JsonNode> values) {
        var stack = state.stack;
        stack.action = action;
        stack.status = status;
        stack.statusReason = reason;
        stack.statusVersion++;
        stack.updatedAt = Instant.now();
        stack.outputsDigest = values == null ? null : digest(values);
        LOG.infof("stack %s (%s) %s_%s: %s", stack.name, stack.id, action, status, reason);
        Uni<Void> published = events.stackStatus(stack, values);
        if (stack.parentStackId == null || stack.parentWatching || IN_PROGRESS.equals(status)) {
            return published;
        }
        return published.chain(() -> events.nestedSettled(stack));
    }

    /**
     * Publishes the stack's outputs again, evaluated from its resources as they are now, when they differ from the
     * ones it last published: after a signal changed a resource's attributes while the stack was not acting (Heat
     * resolves outputs at every stack show). A stack that is acting publishes them when its action completes; a
     * failed or deleted stack has none to show.
     */
    Uni<Void> refreshOutputs(StackState state) {
        var stack = state.stack;
        if (!COMPLETE.equals(stack.status) || "DELETE".equals(stack.action)) {
            return Uni.createFrom().voidItem();
        }
        Map<String, JsonNode> values = outputs.evaluate(state);
        String digest = digest(values);
        if (digest.equals(stack.outputsDigest)) {
            return Uni.createFrom().voidItem();
        }
        stack.outputsDigest = digest;
        stack.statusVersion++;
        LOG.infof("stack %s (%s): outputs changed after a signal", stack.name, stack.id);
        return events.stackOutputs(stack, values);
    }

    private static String digest(Map<String, JsonNode> outputs) {
        return Digests.sha256(HearthJson.write(outputs));
    }

    /** Sets a resource's CHECK state (mark unhealthy or healthy) and publishes it. */
    public Uni<Void> check(StackState state, ResourceRuntime row, Status status, String reason) {
        row.action = Action.CHECK;
        row.status = status;
        row.statusReason = reason;
        row.updatedAt = Instant.now();
        state.stack.updatedAt = row.updatedAt;
        return events.resourceStatus(state.stack, row);
    }

    /**
     * Runs {@code step} for each item, one after the other. Not as a chain of {@code Uni.chain} calls: most
     * steps complete at once (the session writes at flush), so such a chain nested a few frames per item, and
     * a step of a few hundred resources overflowed the event loop's stack, which left the Uni incomplete and
     * the stack's command unacknowledged for good. Multi's concatenation runs them without nesting.
     */
    static <T> Uni<Void> each(List<T> items, Function<T, Uni<Void>> step) {
        return Multi.createFrom().iterable(items).onItem().transformToUniAndConcatenate(item -> step.apply(item))
                .collect().last().replaceWithVoid();
    }
}
