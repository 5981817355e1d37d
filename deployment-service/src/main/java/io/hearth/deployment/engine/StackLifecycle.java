package io.hearth.deployment.engine;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.contracts.stack.v1.StackUpdateRequested;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.spi.Signal;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Runs stack commands: loads the stack (its row locked) and its resources, starts the action and lets
 * the {@link StackEngine} take it as far as it goes. Every state change and the events it causes are
 * written together; callers provide the transaction (the event processor's, or the timer's).
 */
@ApplicationScoped
public class StackLifecycle {

    private static final Logger LOG = Logger.getLogger(StackLifecycle.class);

    private final StackEngine engine;
    private final ResourceHealth health;
    private final StackSignals signals;
    private final StackStates states;
    private final StackRuntimeRepository repository;

    public StackLifecycle(StackEngine engine, ResourceHealth health, StackSignals signals, StackStates states,
            StackRuntimeRepository repository) {
        this.engine = engine;
        this.states = states;
        this.repository = repository;
        this.health = health;
        this.signals = signals;
    }

    /** Starts creating a stack; a command for a stack that already exists changes nothing. */
    public Uni<Void> create(StackCreateRequested command) {
        UUID id = UUID.fromString(command.stackId());
        return repository.stack(id).chain(existing -> {
            if (existing != null) {
                LOG.infof("stack %s already exists; create command ignored", id);
                return Uni.createFrom().voidItem();
            }
            StackRuntime stack = StackRuntime.top(id, command.tenant(), command.stackName(),
                    HearthJson.write(command.plan()));
            StackState state = new StackState(stack, command.plan(), List.of());
            return states.begin().chain(() -> engine.begin(state, Action.CREATE))
                    .chain(() -> repository.insert(stack))
                    .chain(() -> engine.advance(state));
        });
    }

    /**
     * Updates a stack to a complete new plan. As Heat's convergence engine, an update sent while a create, an update
     * or a rollback is in progress takes over: a new traversal supersedes the running one, whose resources still in
     * progress finish and are then brought in line with the new plan. An update during a delete, a suspend, a
     * resume or a check (template-service refuses those) is logged and dropped, and so is one of a deleted stack.
     */
    public Uni<Void> update(StackUpdateRequested command) {
        return states.load(UUID.fromString(command.stackId())).chain(state -> {
            if (state == null) {
                LOG.warnf("update for unknown stack %s ignored", command.stackId());
                return Uni.createFrom().voidItem();
            }
            StackRuntime stack = state.stack();
            if (stack.action == Action.DELETE || stack.status == Status.IN_PROGRESS
                    && StackSweep.ACTIONS.contains(stack.action)) {
                LOG.warnf("stack %s is %s_%s; update command ignored", stack.id, stack.action, stack.status);
                return engine.restate(state);
            }
            stack.previousPlan = stack.plan; // what a rollback returns to
            stack.plan = HearthJson.write(command.plan());
            StackState updated = new StackState(stack, command.plan(), state.rows(), state.hooks());
            return engine.begin(updated, command.action()).chain(() -> engine.advance(updated));
        });
    }

    /** Deletes a stack, dependents first; a delete during a create or update stops it and wins. */
    public Uni<Void> delete(StackDeleteRequested command) {
        return states.load(UUID.fromString(command.stackId())).chain(state -> {
            if (state == null) {
                LOG.warnf("delete for unknown stack %s ignored", command.stackId());
                return Uni.createFrom().voidItem();
            }
            StackRuntime stack = state.stack();
            if (stack.action == Action.DELETE && stack.status != Status.FAILED) {
                LOG.infof("stack %s is %s_%s; delete command ignored", stack.id, stack.action, stack.status);
                return Uni.createFrom().voidItem();
            }
            return engine.begin(state, Action.DELETE).chain(() -> engine.advance(state));
        });
    }

    /**
     * A stack action: resource health marks are applied, a resource signal goes through the engine's door
     * ({@link StackSignals}); other actions are not supported yet.
     */
    public Uni<Void> action(StackActionRequested command) {
        return switch (command.action()) {
            case StackActionRequested.SIGNAL -> signals.apply(UUID.fromString(command.stackId()),
                    List.of(new Signal.ApiSignal(command.resourceName(), command.details())));
            case StackActionRequested.MARK_UNHEALTHY, StackActionRequested.MARK_HEALTHY ->
                    states.load(UUID.fromString(command.stackId())).chain(state -> state == null ? Uni.createFrom().voidItem()
                            : health.mark(state, command));
            case StackActionRequested.SUSPEND, StackActionRequested.RESUME, StackActionRequested.CHECK ->
                    sweep(command.stackId(), Action.valueOf(command.action()));
            case StackActionRequested.CANCEL_WITHOUT_ROLLBACK -> cancel(command.stackId(), false);
            case StackActionRequested.CANCEL_UPDATE -> cancel(command.stackId(), true);
            default -> {
                LOG.infof("stack action %s for stack %s is not supported yet; ignored", command.action(),
                        command.stackId());
                yield Uni.createFrom().voidItem();
            }
        };
    }

    /**
     * Suspends, resumes or checks a stack (Heat's stack actions). As Heat, a stack already suspended is not suspended
     * again, nor one resumed resumed again; a stack that is being deleted, or busy with another action, is left as it
     * is (the API refuses those with 409 first; this is the race behind it).
     */
    private Uni<Void> sweep(String stackId, Action action) {
        return states.load(UUID.fromString(stackId)).chain(state -> {
            if (state == null) {
                LOG.warnf("%s for unknown stack %s ignored", action, stackId);
                return Uni.createFrom().voidItem();
            }
            StackRuntime stack = state.stack();
            if (stack.action == Action.DELETE || stack.status == Status.IN_PROGRESS
                    || action != Action.CHECK && stack.action == action && stack.status == Status.COMPLETE) {
                // template-service showed the action IN_PROGRESS when it sent it: it is told the status again
                LOG.infof("stack %s is %s_%s; %s ignored", stack.id, stack.action, stack.status, action);
                return engine.restate(state);
            }
            return engine.begin(state, action).chain(() -> engine.advance(state));
        });
    }

    /**
     * Heat's {@code cancel_without_rollback} (convergence's {@code stop_traversal}): a create or update in progress
     * stops where it is; the stack is FAILED with Heat's reason, resources already changed stay as they are, and
     * those still running finish without the stack going on. {@code cancel_update} ({@code rollback}): an update in
     * progress is superseded by its rollback to the plan before it, as convergence's {@code Stack.rollback}.
     */
    private Uni<Void> cancel(String stackId, boolean rollback) {
        return states.load(UUID.fromString(stackId)).chain(state -> {
            if (state == null) {
                return Uni.createFrom().voidItem();
            }
            StackRuntime stack = state.stack();
            if (stack.status != Status.IN_PROGRESS || stack.action != Action.UPDATE
                    && (rollback || stack.action != Action.CREATE)) {
                LOG.infof("stack %s is %s_%s; cancel ignored", stack.id, stack.action, stack.status);
                return Uni.createFrom().voidItem();
            }
            return rollback ? engine.rollback(state) : engine.cancel(state);
        });
    }

    /** Resumes the stack's resources whose wait is over (the timer's step); the stack row is locked already. */
    public Uni<Void> wake(UUID stackId) {
        return states.read(stackId).chain(state -> state == null ? Uni.createFrom().voidItem()
                : engine.wake(state, Instant.now()));
    }
}
