package io.hearth.deployment.engine;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.contracts.stack.v1.StackUpdateRequested;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.handlers.Signal;
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

    public StackLifecycle(StackEngine engine, ResourceHealth health, StackSignals signals) {
        this.engine = engine;
        this.health = health;
        this.signals = signals;
    }

    /** Starts creating a stack; a command for a stack that already exists changes nothing. */
    public Uni<Void> create(StackCreateRequested command) {
        UUID id = UUID.fromString(command.stackId());
        return StackRuntime.<StackRuntime>findById(id).chain(existing -> {
            if (existing != null) {
                LOG.infof("stack %s already exists; create command ignored", id);
                return Uni.createFrom().voidItem();
            }
            StackRuntime stack = StackRuntime.top(id, command.tenant(), command.stackName(),
                    HearthJson.write(command.plan()));
            StackState state = new StackState(stack, command.plan(), List.of());
            return StackState.writeAtCommit().chain(() -> engine.begin(state, Action.CREATE))
                    .chain(() -> stack.persist())
                    .chain(() -> engine.advance(state));
        });
    }

    /**
     * Updates a stack to a complete new plan. Heat refuses an update while another action is in progress;
     * here such a command is logged and dropped, and so is an update of a deleted stack.
     */
    public Uni<Void> update(StackUpdateRequested command) {
        return StackState.load(UUID.fromString(command.stackId())).chain(state -> {
            if (state == null) {
                LOG.warnf("update for unknown stack %s ignored", command.stackId());
                return Uni.createFrom().voidItem();
            }
            StackRuntime stack = state.stack();
            if (stack.action == Action.DELETE || stack.status == Status.IN_PROGRESS) {
                LOG.warnf("stack %s is %s_%s; update command ignored", stack.id, stack.action, stack.status);
                return Uni.createFrom().voidItem();
            }
            stack.plan = HearthJson.write(command.plan());
            StackState updated = new StackState(stack, command.plan(), state.rows());
            return engine.begin(updated, Action.UPDATE).chain(() -> engine.advance(updated));
        });
    }

    /** Deletes a stack, dependents first; a delete during a create or update stops it and wins. */
    public Uni<Void> delete(StackDeleteRequested command) {
        return StackState.load(UUID.fromString(command.stackId())).chain(state -> {
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
                    StackState.load(UUID.fromString(command.stackId())).chain(state -> state == null ? Uni.createFrom().voidItem()
                            : health.mark(state, command));
            default -> {
                LOG.infof("stack action %s for stack %s is not supported yet; ignored", command.action(),
                        command.stackId());
                yield Uni.createFrom().voidItem();
            }
        };
    }

    /** Resumes the stack's resources whose wait is over (the timer's step); the stack row is locked already. */
    public Uni<Void> wake(StackRuntime stack) {
        return StackState.of(stack).chain(state -> engine.wake(state, Instant.now()));
    }
}
