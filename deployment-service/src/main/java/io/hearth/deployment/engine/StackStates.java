package io.hearth.deployment.engine;

import io.hearth.contracts.plan.StackPlan;
import io.hearth.deployment.domain.ResourceHook;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.spi.StackPlans;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/** Reads a stack's {@link StackState} for a step of the engine. */
@ApplicationScoped
public class StackStates {

    private final StackRuntimeRepository repository;

    public StackStates(StackRuntimeRepository repository) {
        this.repository = repository;
    }

    /**
     * A stack with its row locked ({@code FOR UPDATE}) and all its resource rows, held by the caller's transaction
     * ({@link StackRuntimeRepository#load}); null when there is none.
     */
    public Uni<StackState> load(UUID id) {
        return state(repository.load(id));
    }

    /** The same, read from the database, not the tree cache ({@link StackRuntimeRepository#read}). */
    public Uni<StackState> read(UUID id) {
        return state(repository.read(id));
    }

    private Uni<StackState> state(Uni<StackRuntimeRepository.Loaded> load) {
        return repository.writeAtCommit().chain(() -> load).chain(loaded -> {
            if (loaded == null) {
                return Uni.createFrom().nullItem();
            }
            StackRuntime stack = loaded.stack();
            StackPlan plan = StackPlans.planOf(stack);
            Uni<List<ResourceHook>> hooks = plan.resources().stream().anyMatch(r -> !r.hooks().isEmpty())
                    ? repository.hooks(stack.id) : Uni.createFrom().item(List.of());
            return hooks.map(reached -> new StackState(stack, plan, loaded.rows(), reached));
        });
    }

    /** Starts a step on a stack that is not stored yet (a create, an adopt): its changes are written at commit. */
    public Uni<Void> begin() {
        return repository.writeAtCommit();
    }
}
