package io.hearth.deployment.engine;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.StackActionRequested;
import io.hearth.deployment.domain.ResourceRuntime;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import org.jboss.logging.Logger;

/**
 * Heat's {@code resource_mark_unhealthy}: MARK_UNHEALTHY puts a resource in CHECK_FAILED with the user's
 * reason (a later update replaces it); MARK_HEALTHY puts a CHECK_FAILED resource back in CHECK_COMPLETE.
 */
@ApplicationScoped
public class ResourceHealth {

    /** Heat's reason when the user gives none. */
    static final String DEFAULT_REASON = "state changed by resource_mark_unhealthy api";

    private static final Logger LOG = Logger.getLogger(ResourceHealth.class);

    private final StackEngine engine;

    public ResourceHealth(StackEngine engine) {
        this.engine = engine;
    }

    /** Applies a MARK_UNHEALTHY or MARK_HEALTHY action. */
    public Uni<Void> mark(StackState state, StackActionRequested command) {
        if (state.stack().status == Status.IN_PROGRESS) {
            LOG.warnf("stack %s has an action in progress; %s of %s ignored", command.stackId(), command.action(),
                    command.resourceName());
            return Uni.createFrom().voidItem();
        }
        ResourceRuntime row = find(state, command.resourceName());
        if (row == null) {
            LOG.warnf("resource %s not found in stack %s; %s ignored", command.resourceName(), command.stackId(),
                    command.action());
            return Uni.createFrom().voidItem();
        }
        String reason = command.reason() == null || command.reason().isEmpty() ? DEFAULT_REASON : command.reason();
        if (StackActionRequested.MARK_UNHEALTHY.equals(command.action())) {
            return row.action == Action.DELETE ? Uni.createFrom().voidItem()
                    : engine.check(state, row, Status.FAILED, reason);
        }
        return row.is(Action.CHECK, Status.FAILED) ? engine.check(state, row, Status.COMPLETE, reason)
                : Uni.createFrom().voidItem();
    }

    /** A resource by name, or by physical id, as Heat finds it. */
    private static ResourceRuntime find(StackState state, String nameOrPhysicalId) {
        if (nameOrPhysicalId == null) {
            return null;
        }
        return state.rows().stream().filter(row -> !row.replaced)
                .filter(row -> row.name.equals(nameOrPhysicalId)).findFirst()
                .orElseGet(() -> state.rows().stream().filter(row -> !row.replaced)
                        .filter(row -> nameOrPhysicalId.equals(row.physicalId)).findFirst().orElse(null));
    }
}
