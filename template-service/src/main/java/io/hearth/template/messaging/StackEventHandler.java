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
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackEvent;
import io.hearth.template.domain.StackResourceState;
import io.hearth.template.repository.StackEventRepository;
import io.hearth.template.repository.StackHeadRepository;
import io.hearth.template.repository.StackResourceRepository;
import io.hearth.template.service.StackDefinitions;
import io.hearth.template.service.StackResources;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
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
    private final StackEventRepository history;
    private final StackResourceRepository resourceRows;
    private final StackHeadRepository heads;

    public StackEventHandler(StackResources resources, StackEventRepository history,
            StackResourceRepository resourceRows, StackHeadRepository heads) {
        this.resources = resources;
        this.history = history;
        this.resourceRows = resourceRows;
        this.heads = heads;
    }

    /**
     * Applies events in their order, inside the processor's transaction. The stacks the batch names and the resource
     * rows its events name are read once, with plain SQL, and kept for the batch ({@link Batch}); the changes are
     * written at the commit with one statement per table and kind: the stacks' changed status columns, the resource
     * rows removed, made and changed, and the batch's history. Only a stack whose definition an event changes (a
     * nested stack's update, a rollback) is read whole as an entity and written by the session, and a nested stack
     * made is persisted by it.
     * (Reading and writing event by event cost four round trips and a flush an event; reading the stacks as entities
     * read each stack's template, environment and files a batch, and Hibernate's query translation and entity
     * loading were a third of the service's CPU in the engine bench.)
     */
    public Uni<Void> handle(List<CloudEvent> events) {
        Map<UUID, Set<String>> named = new LinkedHashMap<>();
        Set<UUID> defined = new HashSet<>();
        events.forEach(event -> {
            UUID id = stackOf(event);
            if (id != null) {
                Set<String> names = named.computeIfAbsent(id, k -> new HashSet<>());
                if (ResourceStatusChanged.TYPE.equals(event.type()) && event.data().path("resourceName").isTextual()) {
                    names.add(event.data().path("resourceName").asText());
                }
                if (changesDefinition(event)) {
                    defined.add(id);
                }
            }
        });
        return Batch.read(named, defined, heads, resourceRows).chain(batch -> Multi.createFrom().iterable(events)
                .onItem().transformToUniAndConcatenate(event -> handle(batch, event))
                .collect().last().chain(() -> heads.writeAtCommit(batch.heads.values()))
                .chain(() -> resourceRows.writeAtCommit(batch.writes))
                .chain(() -> history.appendAtCommit(batch.history)));
    }

    /** The stack an event is about, or null when it is of a type this handler ignores. */
    private static UUID stackOf(CloudEvent event) {
        if (!TYPES.contains(event.type()) || event.data() == null || !event.data().path("stackId").isTextual()) {
            return null;
        }
        try {
            return UUID.fromString(event.data().path("stackId").asText());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether the event changes its stack's definition (template, environment, parameters): a nested stack's update, a rollback. */
    private static boolean changesDefinition(CloudEvent event) {
        return NestedStackUpdated.TYPE.equals(event.type()) || StackStatusChanged.TYPE.equals(event.type())
                && Action.ROLLBACK.is(event.data().path("action").asText(null));
    }

    /**
     * What a batch of events reads and changes: its stacks and the resource rows its events name, read once, then
     * kept as the events change them (a stack made, a row made or removed). A stack's other rows are read only when
     * an event needs them all (a rollback, a nested stack's owner). A nested stack's plan changes its rows through
     * {@link StackResources#planned}, which reads and writes them through the session: what the batch has for that
     * stack's rows is written first, and they are read again (after a flush) when an event needs them.
     */
    static final class Batch {

        private final StackResourceRepository repository;
        /** The stacks read as heads (status only), by id: their changed columns are written at the commit. */
        private final Map<UUID, StackHeadRepository.Head> heads = new HashMap<>();
        /** Every stack of the batch by id: the heads' stacks, the entities the session holds and writes. */
        private final Map<UUID, Stack> stacks = new HashMap<>();
        private final Map<UUID, Map<String, StackResourceState>> rows = new HashMap<>();
        /**
         * The stacks of which {@link #rows} holds only the rows the batch's events name, with the names of the rows
         * read (one no longer in {@link #rows} was removed by the batch).
         */
        private final Map<UUID, Set<String>> partial = new HashMap<>();
        /** The rows the batch made, changed and removed, written at the commit. */
        private final StackResourceRepository.Writes writes = new StackResourceRepository.Writes();
        /** The history entries the batch adds, in the events' order. */
        private final List<StackEvent> history = new ArrayList<>();
        /** Whether the session holds entities the batch changed: it is flushed before a read of rows. */
        private boolean sessionWrites;

        private Batch(StackResourceRepository repository) {
            this.repository = repository;
        }

        /**
         * The batch's stacks (as heads, or as entities those in {@code defined}), and the rows of each that its
         * events name ({@code named}: the resource names by stack), in one query each: a batch of a few resources'
         * events does not read every row of their stacks, nor another stack's rows of the same names.
         */
        static Uni<Batch> read(Map<UUID, Set<String>> named, Set<UUID> defined, StackHeadRepository heads,
                StackResourceRepository repository) {
            Batch batch = new Batch(repository);
            if (named.isEmpty()) {
                return Uni.createFrom().item(batch);
            }
            List<UUID> ids = List.copyOf(named.keySet());
            List<UUID> statusOnly = ids.stream().filter(id -> !defined.contains(id)).toList();
            boolean anyName = named.values().stream().anyMatch(names -> !names.isEmpty());
            batch.sessionWrites = !defined.isEmpty();
            return (statusOnly.isEmpty() ? Uni.createFrom().item(List.<StackHeadRepository.Head>of())
                    : heads.read(statusOnly))
                    .invoke(found -> found.forEach(head -> {
                        batch.heads.put(head.stack.id, head);
                        batch.stacks.put(head.stack.id, head.stack);
                    }))
                    .chain(() -> defined.isEmpty() ? Uni.createFrom().item(List.<Stack>of())
                            : Stack.<Stack>list("id in ?1", List.copyOf(defined)))
                    .invoke(found -> found.forEach(stack -> batch.stacks.put(stack.id, stack)))
                    .chain(() -> !anyName ? Uni.createFrom().item(List.<StackResourceState>of())
                            : repository.read(named, false))
                    .invoke(found -> {
                        Map<UUID, List<StackResourceState>> byStack = found.stream()
                                .collect(Collectors.groupingBy(row -> row.stackId));
                        batch.stacks.keySet().forEach(id -> {
                            Map<String, StackResourceState> rows = byName(byStack.getOrDefault(id, List.of()));
                            batch.rows.put(id, rows);
                            batch.partial.put(id, new HashSet<>(rows.keySet()));
                        });
                    })
                    .replaceWith(batch);
        }

        /** The stack, or null when none has that id. */
        Stack stack(UUID id) {
            return stacks.get(id);
        }

        /** A stack the batch made: the session holds it. */
        void made(Stack stack) {
            stacks.put(stack.id, stack);
            rows.remove(stack.id);
            partial.remove(stack.id);
            sessionWrites = true;
        }

        /**
         * A stack's plan is about to read and change its rows through the session: what the batch has for them is
         * written first, and they are read again when next needed.
         */
        Uni<Void> planned(UUID stackId) {
            rows.remove(stackId);
            partial.remove(stackId);
            sessionWrites = true;
            return repository.write(writes.of(stackId));
        }

        /** The stack's resource rows by name: all of them. */
        Uni<Map<String, StackResourceState>> rows(UUID stackId) {
            Map<String, StackResourceState> known = rows.get(stackId);
            Set<String> read = partial.get(stackId);
            if (known != null && read == null) {
                return Uni.createFrom().item(known);
            }
            return repository.read(List.of(stackId), sessionWrites).map(found -> {
                Map<String, StackResourceState> all = byName(found);
                if (known != null) { // the batch's own changes win: rows it made, and rows it removed
                    all.putAll(known);
                    read.stream().filter(name -> !known.containsKey(name)).forEach(all::remove);
                }
                rows.put(stackId, all);
                partial.remove(stackId);
                return all;
            });
        }

        /**
         * The stack's resource rows by name, holding at least those the batch's events name (a resource's status
         * event needs its own row only, or knows there is none).
         */
        Uni<Map<String, StackResourceState>> named(UUID stackId) {
            Map<String, StackResourceState> known = rows.get(stackId);
            return known != null ? Uni.createFrom().item(known) : rows(stackId);
        }

        /** One stack's rows by name (a name is unique in a stack), in their order. */
        private static Map<String, StackResourceState> byName(List<StackResourceState> found) {
            Map<String, StackResourceState> byName = new LinkedHashMap<>();
            found.forEach(row -> byName.put(row.name, row));
            return byName;
        }
    }

    /** Applies one event of the batch. */
    Uni<Void> handle(Batch batch, CloudEvent event) {
        return switch (event.type()) {
            case NestedStackCreated.TYPE -> nestedStackCreated(batch, event, event.dataAs(NestedStackCreated.class));
            case NestedStackUpdated.TYPE -> nestedStackUpdated(batch, event.dataAs(NestedStackUpdated.class));
            case StackStatusChanged.TYPE -> stackStatusChanged(batch, event, event.dataAs(StackStatusChanged.class));
            case StackOutputsChanged.TYPE -> stackOutputsChanged(batch, event.dataAs(StackOutputsChanged.class));
            case ResourceStatusChanged.TYPE -> resourceStatusChanged(batch, event,
                    event.dataAs(ResourceStatusChanged.class));
            default -> EventProcessor.ignore(event);
        };
    }

    /**
     * A nested stack deployment-service made: stored as a stack with its parent, its template, environment and
     * planned resources, before its first status event arrives (same key, same partition). The resource that owns it
     * shows the nested stack's id as its physical id from then on, as Heat's does while it is in progress (heatclient's
     * {@code hook clear nested/resource} reads it). A repeat changes nothing.
     */
    private Uni<Void> nestedStackCreated(Batch batch, CloudEvent event, NestedStackCreated created) {
        UUID stackId = UUID.fromString(created.stackId());
        if (batch.stack(stackId) != null) {
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
        batch.made(stack);
        return stack.persist().chain(() -> resources.planned(stack, created.plan()))
                .chain(() -> batch.rows(stack.parentId)).invoke(rows -> {
                    StackResourceState owner = rows.get(created.parentResource());
                    if (owner != null && (owner.physicalResourceId == null || owner.physicalResourceId.isEmpty())) {
                        owner.physicalResourceId = created.stackId();
                        batch.writes.changed(owner);
                    }
                }).replaceWithVoid();
    }

    /**
     * A nested stack's update to a new template (its owner's update): the stack shows that template, environment
     * and parameters from now on, and its resources follow the plan as a stack update's do. An update of a stack
     * not known is logged and ignored.
     */
    private Uni<Void> nestedStackUpdated(Batch batch, NestedStackUpdated updated) {
        Stack stack = batch.stack(UUID.fromString(updated.stackId()));
        if (stack == null) {
            LOG.warnf("update of unknown nested stack %s ignored", updated.stackId());
            return Uni.createFrom().voidItem();
        }
        define(stack, updated.template(), updated.environment(), updated.plan());
        return batch.planned(stack.id).chain(() -> resources.planned(stack, updated.plan()));
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

    private Uni<Void> stackStatusChanged(Batch batch, CloudEvent event, StackStatusChanged change) {
        UUID stackId = UUID.fromString(change.stackId());
        Stack stack = batch.stack(stackId);
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
                return io.hearth.template.domain.StackSnapshot.delete("stackId", stackId) // they go with it
                        .chain(() -> record(batch, event, stackId, stack.name, stack.id.toString(), "OS::Heat::Stack",
                                change.action(), change.status(), change.statusReason()));
            }
            if (Action.ROLLBACK.is(change.action())) {
                StackDefinitions.restorePrevious(stack); // the update is rolled back: its definition goes
                return batch.rows(stackId).invoke(rows -> StackResources.rolledBack(stack, rows, batch.writes))
                        .chain(() -> record(batch, event, stackId, stack.name, stack.id.toString(), "OS::Heat::Stack",
                                change.action(), change.status(), change.statusReason()));
            }
        }
        return record(batch, event, stackId, stack.name, stack.id.toString(), "OS::Heat::Stack", change.action(),
                change.status(), change.statusReason());
    }

    /**
     * Outputs evaluated again after a signal changed a resource (a scaling): shown from now on, unless the stack has
     * moved on since. Nothing goes to the history, as Heat writes no event for it.
     */
    private Uni<Void> stackOutputsChanged(Batch batch, StackOutputsChanged change) {
        Stack stack = batch.stack(UUID.fromString(change.stackId()));
        if (stack != null && change.version() > stack.statusVersion) {
            stack.statusVersion = change.version();
            stack.outputs = HearthJson.write(change.outputs());
        }
        return Uni.createFrom().voidItem();
    }

    private Uni<Void> resourceStatusChanged(Batch batch, CloudEvent event, ResourceStatusChanged change) {
        UUID stackId = UUID.fromString(change.stackId());
        Stack stack = batch.stack(stackId);
        return stack == null ? Uni.createFrom().voidItem() : batch.named(stackId)
                .map(rows -> StackResources.statusChanged(stack, rows, change, event.time(), batch.writes))
                .chain(type -> record(batch, event, stackId, change.resourceName(), change.physicalResourceId(), type,
                        change.action(), change.status(), change.statusReason()));
    }

    private static Uni<Void> record(Batch batch, CloudEvent source, UUID stackId, String resourceName, String physicalId,
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
        batch.history.add(event);
        return Uni.createFrom().voidItem();
    }
}
