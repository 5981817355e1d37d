package io.hearth.deployment.engine;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.EventCatalog;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.signal.v1.NestedStackSettled;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.NestedStackUpdated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.repository.TransactionLocal;
import io.hearth.deployment.spi.ResourceEvents;
import io.hearth.deployment.spi.Signal;
import io.hearth.platform.config.EventingConfig;
import io.hearth.platform.outbox.Outbox;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Writes a stack's status and resource events to the outbox, in the caller's transaction. Event times
 * grow strictly per stack (a millisecond apart at least): the relay sends a key's rows in time order,
 * and one step often writes many events within the same millisecond.
 */
@ApplicationScoped
public class StackEvents implements ResourceEvents {

    private final Outbox outbox;
    private final String source;
    /** The nested stacks' ends a transaction's run of signals keeps ({@link #holdSettled}), by parent stack. */
    private final TransactionLocal<Map<UUID, List<Signal>>> heldSettled =
            new TransactionLocal<>("a run's nested stacks' ends");

    public StackEvents(Outbox outbox, EventingConfig config) {
        this.outbox = outbox;
        this.source = config.source();
    }

    /** Publishes the stack's current status with the next version. */
    public Uni<Void> stackStatus(StackRuntime stack, Map<String, JsonNode> outputs) {
        return append(stack, new StackStatusChanged(stack.id.toString(), stack.tenant, stack.name,
                stack.action.name(), stack.status.name(), stack.statusReason, outputs, stack.statusVersion));
    }

    /** Publishes the stack's outputs, evaluated again outside an action, with the next version. */
    public Uni<Void> stackOutputs(StackRuntime stack, Map<String, JsonNode> outputs) {
        return append(stack, new StackOutputsChanged(stack.id.toString(), stack.tenant, stack.name, outputs,
                stack.statusVersion));
    }

    @Override
    public Uni<Void> resourceStatus(StackRuntime stack, ResourceRuntime row) {
        Map<String, JsonNode> attributes = null;
        if (row.status == Status.COMPLETE && row.action != Action.DELETE && row.attributes != null) {
            Map<String, JsonNode> values = new LinkedHashMap<>();
            HearthJson.readTree(row.attributes).fields().forEachRemaining(e -> values.put(e.getKey(), e.getValue()));
            attributes = values;
        }
        return append(stack, new ResourceStatusChanged(stack.id.toString(), stack.tenant, row.name, row.physicalId,
                row.type, row.action.name(), row.status.name(), row.statusReason, attributes));
    }

    @Override
    public Uni<Void> signalEvent(StackRuntime stack, ResourceRuntime row, String reason) {
        return append(stack, new ResourceStatusChanged(stack.id.toString(), stack.tenant, row.name, row.physicalId,
                row.type, ResourceStatusChanged.SIGNAL, row.status.name(), reason, null));
    }

    /** Publishes that a nested stack was made, before any of its status events (same key, same topic). */
    public Uni<Void> nestedCreated(StackRuntime nested, JsonNode template, JsonNode environment, StackPlan plan) {
        return append(nested, new NestedStackCreated(nested.id.toString(), nested.tenant, nested.name,
                nested.parentStackId.toString(), nested.parentResource, template, environment, plan));
    }

    /**
     * Says that a nested stack is being updated to a new template ({@code NestedStackUpdated}), before that update's
     * first status, so the read model shows the nested stack's current template.
     */
    public Uni<Void> nestedUpdated(StackRuntime nested, JsonNode template, JsonNode environment, StackPlan plan) {
        return append(nested, new NestedStackUpdated(nested.id.toString(), nested.tenant, template, environment,
                plan));
    }

    /**
     * Tells a nested stack's parent that the nested stack's action ended. In a run of signals ({@link #holdSettled})
     * the signal is kept for the run, which applies it to the parent in the same transaction (the tree has one owner:
     * the parent is this consumer's too); otherwise it goes on {@code hearth.signals} keyed by the tree's top-level
     * stack (subject: the parent's id), and reaches the owning resource through the parent's door
     * ({@code StackSignals}) in a later batch.
     */
    public Uni<Void> nestedSettled(StackRuntime nested) {
        String parent = nested.parentStackId.toString();
        NestedStackSettled settled = new NestedStackSettled(parent, nested.parentResource, nested.id.toString(),
                nested.action.name(), nested.status.name(), nested.statusReason);
        return heldSettled.get().chain(held -> {
            if (held != null) {
                held.computeIfAbsent(nested.parentStackId, p -> new ArrayList<>())
                        .add(new Signal.NestedSettled(settled));
                return Uni.createFrom().voidItem();
            }
            CloudEvent event = CloudEvent.written(source, parent, settled);
            return outbox.append("stack", nested.eventKey(), EventCatalog.byType(event.type()).topic(), event)
                    .replaceWithVoid();
        });
    }

    /**
     * From now until {@link #endHold}, the caller's transaction keeps the nested stacks' ends ({@link #nestedSettled})
     * for {@link #takeSettled} instead of publishing them.
     */
    Uni<Void> holdSettled() {
        return heldSettled.set(new LinkedHashMap<>());
    }

    /** The nested stacks' ends kept since the last call, as signals by parent stack, in the order they came. */
    Uni<Map<UUID, List<Signal>>> takeSettled() {
        return heldSettled.get().chain(held -> held == null || held.isEmpty()
                ? Uni.createFrom().item(Map.<UUID, List<Signal>>of())
                : heldSettled.set(new LinkedHashMap<>()).replaceWith(held));
    }

    /** Ends {@link #holdSettled}: the nested stacks' ends go on {@code hearth.signals} again. */
    Uni<Void> endHold() {
        return heldSettled.set(null);
    }

    /**
     * Publishes an event of a resource's history that leaves its state as it was (Heat's {@code _add_event}),
     * e.g. {@code UPDATE_FAILED update is restricted for resource.}.
     */
    public Uni<Void> resourceEvent(StackRuntime stack, ResourceRuntime row, Action action, Status status,
            String reason) {
        return resourceEvent(stack, row.name, row.physicalId, row.type, action.name(), status.name(), reason);
    }

    /** The same for a resource that may have no row yet (a breakpoint before its create: {@code INIT_COMPLETE}). */
    public Uni<Void> resourceEvent(StackRuntime stack, String name, String physicalId, String type, String action,
            String status, String reason) {
        return append(stack, new ResourceStatusChanged(stack.id.toString(), stack.tenant, name, physicalId, type,
                action, status, reason, null, true));
    }

    private Uni<Void> append(StackRuntime stack, Object data) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Instant time = stack.lastEventAt == null || now.isAfter(stack.lastEventAt) ? now
                : stack.lastEventAt.plusMillis(1);
        stack.lastEventAt = time;
        CloudEvent timed = CloudEvent.written(source, stack.id.toString(), data).withTime(time);
        return outbox.append("stack", stack.eventKey(), EventCatalog.byType(timed.type()).topic(), timed)
                .replaceWithVoid();
    }
}
