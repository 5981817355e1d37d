package io.hearth.deployment.service;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.platform.outbox.Outbox;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Runs stack commands. Every state change and the events it causes are written together;
 * callers provide the transaction (the event processor's).
 */
@ApplicationScoped
public class StackLifecycle {

    private static final Logger LOG = Logger.getLogger(StackLifecycle.class);

    /** Resource types this version creates; anything else fails the stack with a clear reason. */
    static final Set<String> SUPPORTED_TYPES = Set.of();

    private final Outbox outbox;

    public StackLifecycle(Outbox outbox) {
        this.outbox = outbox;
    }

    /** Starts creating a stack; a command for a stack that already exists changes nothing. */
    public Uni<Void> create(StackCreateRequested command) {
        UUID id = UUID.fromString(command.stackId());
        return StackRuntime.<StackRuntime>findById(id).chain(existing -> {
            if (existing != null) {
                LOG.infof("stack %s already exists; create command ignored", id);
                return Uni.createFrom().voidItem();
            }
            StackRuntime stack = new StackRuntime();
            stack.id = id;
            stack.tenant = command.tenant();
            stack.name = command.stackName();
            stack.plan = HearthJson.write(command.plan());
            stack.createdAt = Instant.now();
            return transition(stack, "CREATE", "IN_PROGRESS", "Stack CREATE started", null)
                    .chain(() -> stack.persist())
                    .chain(() -> proceed(stack, command.plan()));
        });
    }

    /**
     * Deletes a stack. Nothing this version creates outlives its stack yet, so the stack goes
     * DELETE_IN_PROGRESS then DELETE_COMPLETE; the runtime row stays as its history.
     */
    public Uni<Void> delete(StackDeleteRequested command) {
        UUID id = UUID.fromString(command.stackId());
        return StackRuntime.<StackRuntime>findById(id).chain(stack -> {
            if (stack == null) {
                LOG.warnf("delete for unknown stack %s ignored", id);
                return Uni.createFrom().voidItem();
            }
            if ("DELETE".equals(stack.action) && "COMPLETE".equals(stack.status)) {
                LOG.infof("stack %s is already deleted; delete command ignored", id);
                return Uni.createFrom().voidItem();
            }
            return transition(stack, "DELETE", "IN_PROGRESS", "Stack DELETE started", null)
                    .chain(() -> transition(stack, "DELETE", "COMPLETE", "Stack DELETE completed successfully", null));
        });
    }

    /** Moves a created stack on as far as its plan allows now. */
    private Uni<Void> proceed(StackRuntime stack, StackPlan plan) {
        for (PlannedResource resource : plan.resources()) {
            if (!SUPPORTED_TYPES.contains(resource.type())) {
                String reason = "Resource CREATE failed: resource type " + resource.type() + " of " + resource.name()
                        + " is not supported by this deployment-service yet";
                return outbox.append("stack", stack.id.toString(), stack.id.toString(),
                                new ResourceStatusChanged(stack.id.toString(), stack.tenant, resource.name(), null,
                                        resource.type(), "CREATE", "FAILED", reason, null))
                        .chain(() -> transition(stack, "CREATE", "FAILED", reason, null));
            }
        }
        return transition(stack, "CREATE", "COMPLETE", "Stack CREATE completed successfully", outputs(plan));
    }

    /** Records a stack status and publishes it with the next version. */
    private Uni<Void> transition(StackRuntime stack, String action, String status, String reason,
            Map<String, JsonNode> outputs) {
        stack.action = action;
        stack.status = status;
        stack.statusReason = reason;
        stack.statusVersion++;
        stack.updatedAt = Instant.now();
        LOG.infof("stack %s (%s) %s_%s: %s", stack.name, stack.id, action, status, reason);
        return outbox.append("stack", stack.id.toString(), stack.id.toString(),
                new StackStatusChanged(stack.id.toString(), stack.tenant, stack.name, action, status, reason, outputs,
                        stack.statusVersion)).replaceWithVoid();
    }

    /** Output values; with no resources created there is nothing left to evaluate in them. */
    private static Map<String, JsonNode> outputs(StackPlan plan) {
        Map<String, JsonNode> values = new LinkedHashMap<>();
        plan.outputs().forEach((name, output) -> values.put(name, output.value()));
        return values;
    }
}
