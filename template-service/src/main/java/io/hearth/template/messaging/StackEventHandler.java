package io.hearth.template.messaging;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.NestedStackCreated;
import io.hearth.contracts.stack.v1.NestedStackUpdated;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.platform.messaging.EventProcessor;
import io.hearth.platform.messaging.FlushGate;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackEvent;
import io.hearth.template.service.StackDefinitions;
import io.hearth.template.service.StackResources;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Keeps the stack and resource read models and the event history up to date from
 * {@code hearth.stack.events}.
 * Runs inside the processor's transaction; a status older than the one shown is recorded in
 * the history but does not move the stack back.
 */
@ApplicationScoped
public class StackEventHandler {

    /**
     * The event types this handler acts on: nested stacks made and updated, stack status, stack outputs and
     * resource status changes.
     */
    public static final Set<String> TYPES = Set.of(NestedStackCreated.TYPE, NestedStackUpdated.TYPE,
            StackStatusChanged.TYPE, StackOutputsChanged.TYPE, ResourceStatusChanged.TYPE);

    private static final Logger LOG = Logger.getLogger(StackEventHandler.class);

    private final StackResources resources;

    public StackEventHandler(StackResources resources) {
        this.resources = resources;
    }

    /**
     * Applies events in their order, inside the processor's transaction. Each one's changes are written and
     * forgotten by the session before the next, so the queries of a long batch do not each flush (dirty-check)
     * all that came before.
     */
    public Uni<Void> handle(List<CloudEvent> events) {
        return Multi.createFrom().iterable(events)
                .onItem().transformToUniAndConcatenate(event -> handle(event)
                        .chain(() -> Panache.getSession())
                        .chain(session -> FlushGate.flush(session).invoke(session::clear)))
                .collect().last().replaceWithVoid();
    }

    /** Applies one event. */
    Uni<Void> handle(CloudEvent event) {
        return switch (event.type()) {
            case NestedStackCreated.TYPE -> nestedStackCreated(event, event.dataAs(NestedStackCreated.class));
            case NestedStackUpdated.TYPE -> nestedStackUpdated(event.dataAs(NestedStackUpdated.class));
            case StackStatusChanged.TYPE -> stackStatusChanged(event, event.dataAs(StackStatusChanged.class));
            case StackOutputsChanged.TYPE -> stackOutputsChanged(event.dataAs(StackOutputsChanged.class));
            case ResourceStatusChanged.TYPE -> resourceStatusChanged(event, event.dataAs(ResourceStatusChanged.class));
            default -> EventProcessor.ignore(event);
        };
    }

    /**
     * A nested stack deployment-service made: stored as a stack with its parent, its template, environment and
     * planned resources, before its first status event arrives (same key, same partition). A repeat changes
     * nothing.
     */
    private Uni<Void> nestedStackCreated(CloudEvent event, NestedStackCreated created) {
        UUID stackId = UUID.fromString(created.stackId());
        return Stack.<Stack>findById(stackId).chain(existing -> {
            if (existing != null) {
                return Uni.createFrom().voidItem();
            }
            Stack stack = new Stack();
            stack.id = stackId;
            stack.tenant = created.tenant();
            stack.name = created.stackName();
            stack.parentId = UUID.fromString(created.parentStackId());
            stack.parentResource = created.parentResource();
            define(stack, created.template(), created.environment(), created.plan());
            stack.action = Action.INIT;
            stack.status = Status.COMPLETE;
            stack.statusReason = "";
            stack.createdAt = event.time();
            return stack.persist().chain(() -> resources.planned(stack, created.plan()));
        });
    }

    /**
     * A nested stack's update to a new template (its owner's update): the stack shows that template, environment
     * and parameters from now on, and its resources follow the plan as a stack update's do. An update of a stack
     * not known is logged and ignored.
     */
    private Uni<Void> nestedStackUpdated(NestedStackUpdated updated) {
        return Stack.<Stack>findById(UUID.fromString(updated.stackId())).chain(stack -> {
            if (stack == null) {
                LOG.warnf("update of unknown nested stack %s ignored", updated.stackId());
                return Uni.createFrom().voidItem();
            }
            define(stack, updated.template(), updated.environment(), updated.plan());
            return resources.planned(stack, updated.plan());
        });
    }

    /** What a nested stack is defined by: its template, environment and the plan's parameters and settings. */
    private static void define(Stack stack, JsonNode template, JsonNode environment, StackPlan plan) {
        stack.description = plan.description();
        stack.template = HearthJson.write(template);
        stack.environment = environment == null ? null : HearthJson.write(environment);
        stack.parameters = HearthJson.write(plan.parameters());
        stack.timeoutMins = plan.timeoutMins();
        stack.disableRollback = plan.disableRollback();
    }

    private Uni<Void> stackStatusChanged(CloudEvent event, StackStatusChanged change) {
        UUID stackId = UUID.fromString(change.stackId());
        return Stack.<Stack>findById(stackId).chain(stack -> {
            if (stack == null) {
                LOG.warnf("status %s for unknown stack %s ignored", change.stackStatus(), change.stackId());
                return Uni.createFrom().voidItem();
            }
            if (change.version() > stack.statusVersion) {
                stack.action = Action.valueOf(change.action());
                stack.status = Status.valueOf(change.status());
                stack.statusReason = change.statusReason();
                stack.statusVersion = change.version();
                stack.updatedAt = Action.CREATE.is(change.action()) ? stack.updatedAt : event.time();
                stack.outputs = change.outputs() == null ? stack.outputs : HearthJson.write(change.outputs());
                if (Action.DELETE.is(change.action()) && Status.COMPLETE.is(change.status())) {
                    stack.deletedAt = event.time();
                }
                if (Action.ROLLBACK.is(change.action())) {
                    StackDefinitions.restorePrevious(stack); // the update is rolled back: its definition goes
                }
            }
            return record(event, stackId, stack.name, stack.id.toString(), "OS::Heat::Stack", change.action(),
                    change.status(), change.statusReason());
        });
    }

    /**
     * Outputs evaluated again after a signal changed a resource (a scaling): shown from now on, unless the stack has
     * moved on since. Nothing goes to the history, as Heat writes no event for it.
     */
    private Uni<Void> stackOutputsChanged(StackOutputsChanged change) {
        return Stack.<Stack>findById(UUID.fromString(change.stackId())).invoke(stack -> {
            if (stack != null && change.version() > stack.statusVersion) {
                stack.statusVersion = change.version();
                stack.outputs = HearthJson.write(change.outputs());
            }
        }).replaceWithVoid();
    }

    private Uni<Void> resourceStatusChanged(CloudEvent event, ResourceStatusChanged change) {
        UUID stackId = UUID.fromString(change.stackId());
        return Stack.<Stack>findById(stackId).chain(stack -> stack == null ? Uni.createFrom().voidItem()
                : resources.statusChanged(stack, change, event.time()).chain(type -> record(event, stackId,
                        change.resourceName(), change.physicalResourceId(), type, change.action(), change.status(),
                        change.statusReason())));
    }

    private static Uni<Void> record(CloudEvent source, UUID stackId, String resourceName, String physicalId,
            String type, String action, String status, String reason) {
        StackEvent event = new StackEvent();
        event.id = UUID.fromString(source.id());
        event.stackId = stackId;
        event.resourceName = resourceName;
        event.physicalResourceId = physicalId;
        event.resourceType = type;
        event.action = action;
        event.status = status;
        event.statusReason = reason;
        event.eventTime = source.time();
        return event.persist().replaceWithVoid();
    }
}
