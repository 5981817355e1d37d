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

    /** A stack with its row locked ({@code FOR UPDATE}) and all its resource rows; null when there is none. */
    public Uni<StackState> load(UUID id) {
        return repository.lock(id).chain(stack -> stack == null ? Uni.createFrom().nullItem() : of(stack));
    }

    /** A stack whose row the caller has locked already, with its resource rows. */
    public Uni<StackState> of(StackRuntime stack) {
        StackPlan plan = StackPlans.planOf(stack);
        Uni<List<ResourceHook>> hooks = plan.resources().stream().anyMatch(r -> !r.hooks().isEmpty())
                ? repository.hooks(stack.id) : Uni.createFrom().item(List.of());
        return repository.writeAtCommit().chain(() -> repository.rows(stack.id))
                .chain(rows -> hooks.map(reached -> new StackState(stack, plan, rows, reached)));
    }

    /** Starts a step on a stack that is not stored yet (a create, an adopt): its changes are written at commit. */
    public Uni<Void> begin() {
        return repository.writeAtCommit();
    }
}
