package io.hearth.deployment.engine;

import static io.hearth.contracts.stack.Status.COMPLETE;
import static io.hearth.contracts.stack.Status.FAILED;
import static io.hearth.contracts.stack.Status.IN_PROGRESS;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.stack.Action;
import io.hearth.deployment.config.DeploymentConfig;
import io.hearth.deployment.databag.DataBags;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceException;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.handlers.ResourceHandlers;
import io.hearth.deployment.spi.UpdateKind;
import io.hearth.hot.functions.EvaluationLimits;
import io.hearth.hot.functions.ExpressionException;
import io.hearth.hot.functions.HotFunctions;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Supplier;

/**
 * Starts one resource action (create, update in place, replace, delete) and records how it ended:
 * the row's action and status, the IN_PROGRESS event and, when the handler is done, the COMPLETE or
 * FAILED one. Heat's resource status reasons: {@code state changed}, or the failure's text.
 */
@ApplicationScoped
class ResourceStarter {

    static final String STATE_CHANGED = "state changed";

    private final ResourceHandlers handlers;
    private final StackEvents events;
    private final EvaluationLimits limits;
    private final int maxReruns;
    private final DataBags bags;
    private final Breakpoints breakpoints;
    private final StackRuntimeRepository repository;
    private final ResourceTimer timer;

    ResourceStarter(ResourceHandlers handlers, StackEvents events, DeploymentConfig config, DataBags bags,
            Breakpoints breakpoints, StackRuntimeRepository repository, ResourceTimer timer) {
        this.handlers = handlers;
        this.timer = timer;
        this.repository = repository;
        this.breakpoints = breakpoints;
        this.bags = bags;
        this.events = events;
        this.limits = config.evaluation();
        this.maxReruns = config.contextualizeMaxReruns();
    }

    /**
     * Brings a planned resource in line with the traversal: evaluates its properties now that its
     * dependencies are done, then creates it, updates it in place, replaces it, or leaves it as it is.
     */
    Uni<Void> converge(StackState state, PlannedResource resource) {
        ResourceRuntime row = state.current(resource.name());
        ResourceHandler handler = handlers.forResource(resource);
        JsonNode properties;
        try {
            properties = resolve(state, resource, handler);
        } catch (ExpressionException e) {
            return failToStart(state, resource, row, "StackValidationFailed: " + e.getMessage());
        } catch (ResourceException e) {
            return failToStart(state, resource, row,
                    Outcome.failed(resource.name(), e.errorType(), e.getMessage()).reason());
        }
        if (row == null) {
            // Heat's create: a pre-create hook only while the stack is created (not for a resource an update adds)
            return (state.stack.action == Action.CREATE
                    ? breakpoints.stop(state, resource, null, Breakpoints.PRE_CREATE, Action.CREATE)
                    : Uni.createFrom().item(false))
                    .chain(waits -> waits ? Uni.createFrom().voidItem() : create(state, resource, handler, properties));
        }
        JsonNode previous = HearthJson.readTree(row.properties);
        ResourceCall call = new ResourceCall(state.stack, row, properties, previous);
        // Heat's update: the pre-update hook before it is known whether the resource changes at all
        return (state.stack.action == Action.UPDATE || state.stack.action == Action.RESTORE
                ? breakpoints.stop(state, resource, row, Breakpoints.PRE_UPDATE, Action.UPDATE)
                : Uni.createFrom().item(false))
                .chain(waits -> waits ? Uni.createFrom().voidItem()
                        : decide(row, resource, handler, call).chain(kind -> bringInLine(state, resource, handler,
                                row, call, properties, kind)));
    }

    /** Goes on with a planned resource's update once it is known how its change is applied. */
    private Uni<Void> bringInLine(StackState state, PlannedResource resource, ResourceHandler handler,
            ResourceRuntime row, ResourceCall call, JsonNode properties, UpdateKind kind) {
        String restricted = kind == UpdateKind.IN_PLACE ? "update" : kind == UpdateKind.REPLACE ? "replace" : null;
        if (restricted != null && resource.restrictedActions().contains(restricted)) {
            return restrict(state, row, restricted);
        }
        switch (kind) {
            case NONE -> {
                row.type = resource.type();
                row.template = resource.template();
                row.traversal = state.traversal();
                row.properties = HearthJson.write(properties);
                row.dependsOn = HearthJson.write(resource.dependsOn());
                return Uni.createFrom().voidItem();
            }
            case IN_PLACE -> {
                begin(state, row, Action.UPDATE);
                row.type = resource.type();
                row.template = resource.template();
                row.properties = HearthJson.write(properties);
                row.dependsOn = HearthJson.write(resource.dependsOn());
                return events.resourceStatus(state.stack, row).chain(() -> apply(state, row, handler.update(call)));
            }
            default -> {
                row.replaced = true;
                row.updatedAt = Instant.now();
                return create(state, resource, handler, properties);
            }
        }
    }

    /** The resource's properties evaluated against the stack's rows as they are now, the type's defaults applied. */
    private JsonNode resolve(StackState state, PlannedResource resource, ResourceHandler handler) {
        JsonNode resolved = resource.properties() == null ? null : HotFunctions.evaluate(resource.properties(),
                state.evaluationContext(limits, resource.live()), "resources", resource.name(), "properties");
        return handler.normalize(resource.name(), resolved);
    }

    /**
     * Contextualization (docs/contextualization.md): {@code changed}'s attributes changed while the resources that
     * read them were already in line with the traversal (the stack is not acting: a scaling resized a group, a
     * contextualized deployment got new outputs). Every such reader that {@linkplain ResourceHandler#contextualizes
     * contextualizes} is evaluated again; one whose properties changed is updated in place, its
     * {@code context_depth} one more than {@code changed}'s; the others stay as they are.
     */
    Uni<Void> readersOf(StackState state, ResourceRuntime changed) {
        if (!contextualizing(state)) {
            return Uni.createFrom().voidItem();
        }
        List<PlannedResource> readers = state.plan.resources().stream()
                .filter(resource -> resource.reads(changed.name)).toList();
        return StackEngine.each(readers, resource -> {
            ResourceRuntime row = state.current(resource.name());
            if (row == null || row == changed || row.replaced || row.status != COMPLETE || row.action == Action.DELETE
                    || row.traversal != state.traversal() || !handlers.forRow(row).contextualizes()) {
                return Uni.createFrom().voidItem();
            }
            return contextualize(state, resource, row, changed.contextDepth + 1, changed.name + " changed");
        });
    }

    /**
     * A contextualized resource that completed with inputs that changed while its action ran (a live reference got
     * its value, its group changed again) runs again with them; one whose inputs are as it ran them stays.
     */
    private Uni<Void> ifStale(StackState state, ResourceRuntime row) {
        PlannedResource resource = state.planned(row.name);
        if (resource == null || !contextualizing(state) || !handlers.forRow(row).contextualizes()) {
            return Uni.createFrom().voidItem();
        }
        return contextualize(state, resource, row, row.contextDepth + 1, "its inputs changed while it ran");
    }

    /**
     * Whether the stack's readers are contextualized now: not while it is deleted, nor while it is suspended or being
     * suspended (its servers do not run), nor during a check; they are once it resumed.
     */
    private static boolean contextualizing(StackState state) {
        return state.stack.action != Action.DELETE && state.stack.action != Action.SUSPEND
                && state.stack.action != Action.CHECK;
    }

    private Uni<Void> contextualize(StackState state, PlannedResource resource, ResourceRuntime row, int depth,
            String why) {
        ResourceHandler handler = handlers.forRow(row);
        JsonNode properties;
        try {
            properties = resolve(state, resource, handler);
        } catch (ExpressionException | ResourceException e) {
            return events.resourceEvent(state.stack, row, row.action, row.status,
                    "Contextualization (" + why + ") skipped: " + e.getMessage());
        }
        JsonNode previous = HearthJson.readTree(row.properties);
        if (HearthJson.readTree(HearthJson.write(properties)).equals(previous)) {
            return Uni.createFrom().voidItem(); // its inputs did not change (compared as stored): it does not run
        }
        if (depth > maxReruns) {
            return events.resourceEvent(state.stack, row, row.action, row.status, "Contextualization (" + why
                    + ") stopped: " + maxReruns + " reruns in a row (hearth.deployment.contextualize-max-reruns) and "
                    + "its inputs still change");
        }
        begin(state, row, Action.UPDATE);
        row.contextDepth = depth;
        row.statusReason = "Contextualization: " + why;
        row.properties = HearthJson.write(properties);
        ResourceCall call = new ResourceCall(state.stack, row, properties, previous);
        return events.resourceStatus(state.stack, row).chain(() -> apply(state, row, handler.update(call)));
    }

    /**
     * Heat's {@code _check_restricted_actions}: an update that would update or replace a resource the
     * environment's {@code restricted_actions} forbids it for fails the stack, with an
     * {@code UPDATE_FAILED} event on the resource, which stays as it was.
     */
    private Uni<Void> restrict(StackState state, ResourceRuntime row, String action) {
        String message = action + " is restricted for resource.";
        state.refuse("Resource UPDATE failed: ResourceActionRestricted: resources." + row.name + ": " + message);
        return events.resourceEvent(state.stack, row, Action.UPDATE, FAILED, message);
    }

    /** Heat's {@code _needs_update}: a new type or a failed resource is replaced; equal properties need nothing. */
    private static Uni<UpdateKind> decide(ResourceRuntime row, PlannedResource resource, ResourceHandler handler,
            ResourceCall call) {
        boolean failed = row.status == FAILED;
        // Heat compares the classes: two types a template backs are both a TemplateResource, updated in place
        boolean sameClass = row.type.equals(resource.type()) || row.template != null && resource.template() != null;
        if (!sameClass || (failed && handler.replacesFailed())) {
            return Uni.createFrom().item(UpdateKind.REPLACE);
        }
        if (!failed && call.properties().equals(call.previous()) && !handler.changedBeyondProperties(call)) {
            return Uni.createFrom().item(UpdateKind.NONE);
        }
        return handler.updateKindOf(call);
    }

    private Uni<Void> create(StackState state, PlannedResource resource, ResourceHandler handler,
            JsonNode properties) {
        ResourceRuntime row = newRow(state, resource, properties);
        ResourceCall call = new ResourceCall(state.stack, row, properties, null);
        return repository.insert(row)
                .chain(() -> events.resourceStatus(state.stack, row))
                .chain(() -> apply(state, row, row.action == Action.ADOPT ? handler.adopt(call) : handler.create(call)));
    }

    /** Deletes a row's resource. */
    Uni<Void> delete(StackState state, ResourceRuntime row) {
        ResourceHandler handler = handlers.forRow(row);
        return act(state, row, Action.DELETE, () -> handler.delete(ResourceCall.of(state.stack, row)));
    }

    /**
     * Starts an action of a row that keeps its properties (a delete, a suspend, a resume, a check): IN_PROGRESS and
     * its event, then the handler's {@code step} (asked for once the row began: handlers read the row's action),
     * recorded as it ends.
     */
    Uni<Void> act(StackState state, ResourceRuntime row, Action action, Supplier<Uni<Outcome>> step) {
        begin(state, row, action);
        row.wakeAt = null;
        return events.resourceStatus(state.stack, row).chain(() -> apply(state, row, step.get()));
    }

    /** A resource whose properties cannot be resolved fails as its action starts. */
    private Uni<Void> failToStart(StackState state, PlannedResource resource, ResourceRuntime existing,
            String reason) {
        Uni<ResourceRuntime> started;
        if (existing == null) {
            ResourceRuntime row = newRow(state, resource, null);
            started = repository.insert(row).replaceWith(row);
        } else {
            begin(state, existing, Action.UPDATE);
            started = Uni.createFrom().item(existing);
        }
        return started.chain(row -> events.resourceStatus(state.stack, row)
                .chain(() -> apply(state, row, Uni.createFrom().item(new Outcome.Failed(reason)))));
    }

    /** Records how a handler's step ended; a DELETE that completed removes the row. */
    Uni<Void> apply(StackState state, ResourceRuntime row, Uni<Outcome> step) {
        return step.onFailure(ResourceException.class)
                .recoverWithItem(e -> Outcome.failed(row.name, ((ResourceException) e).errorType(), e.getMessage()))
                .chain(outcome -> {
                    row.updatedAt = Instant.now();
                    state.stack.updatedAt = row.updatedAt;
                    if (outcome instanceof Outcome.Waiting waiting) {
                        row.wakeAt = wakeAt(waiting.until(), state.stack.timeoutAt);
                        timer.expect(row.wakeAt);
                        return Uni.createFrom().voidItem();
                    }
                    row.wakeAt = null;
                    if (outcome instanceof Outcome.Failed failed) {
                        row.status = FAILED;
                        row.statusReason = failed.reason();
                        return events.resourceStatus(state.stack, row);
                    }
                    Outcome.Complete done = (Outcome.Complete) outcome;
                    row.status = COMPLETE;
                    row.statusReason = STATE_CHANGED;
                    if (row.action == Action.DELETE) {
                        state.remove(row);
                        return events.resourceStatus(state.stack, row).chain(() -> repository.delete(row))
                                .chain(() -> factsOf(state, row, done));
                    }
                    String before = row.attributes;
                    row.physicalId = done.physicalId();
                    row.referenceId = done.referenceId();
                    row.attributes = HearthJson.write(done.attributes());
                    Uni<Void> published = events.resourceStatus(state.stack, row);
                    Uni<Void> read = Objects.equals(before, row.attributes) ? published
                            : published.chain(() -> readersOf(state, row));
                    return read.chain(() -> row.status == COMPLETE ? ifStale(state, row) : Uni.createFrom().voidItem())
                            .chain(() -> row.status == COMPLETE ? factsOf(state, row, done) : Uni.createFrom().voidItem())
                            .chain(() -> after(state, row));
                });
    }

    /**
     * Heat's post-create and post-update hooks: a resource the stack's create created, or its update updated, stops
     * once it completed, before its dependents start.
     */
    private Uni<Void> after(StackState state, ResourceRuntime row) {
        if (row.status != COMPLETE || state.stack.status != IN_PROGRESS || row.traversal != state.traversal()
                || row.action != state.stack.action || row.replaced) {
            return Uni.createFrom().voidItem();
        }
        String hook = row.action == Action.CREATE ? Breakpoints.POST_CREATE
                : row.action == Action.UPDATE ? Breakpoints.POST_UPDATE : null;
        return hook == null ? Uni.createFrom().voidItem()
                : breakpoints.stop(state, state.planned(row.name), row, hook, row.action).replaceWithVoid();
    }

    /**
     * Sets the facts the completing run published ({@link Outcome.Complete#facts}); the caller does not ask when the
     * resource runs again at once, as those facts are superseded.
     */
    private Uni<Void> factsOf(StackState state, ResourceRuntime row, Outcome.Complete done) {
        return done.facts() == null ? Uni.createFrom().voidItem()
                : bags.publish(state.stack, done.facts(), row.contextDepth, row.name);
    }

    /**
     * When a waiting resource is looked at again: when it asked, but no later than the stack's deadline
     * while that is still ahead, so the timer sees the timeout come.
     */
    static Instant wakeAt(Instant until, Instant deadline) {
        if (deadline == null || !deadline.isAfter(Instant.now())) {
            return until;
        }
        return until == null || until.isAfter(deadline) ? deadline : until;
    }

    private static void begin(StackState state, ResourceRuntime row, Action action) {
        row.action = action;
        row.status = IN_PROGRESS;
        row.statusReason = STATE_CHANGED;
        row.traversal = state.traversal();
        row.contextDepth = state.stack.contextDepth;
        row.startedAt = Instant.now();
        row.updatedAt = row.startedAt;
    }

    private static ResourceRuntime newRow(StackState state, PlannedResource resource, JsonNode properties) {
        ResourceRuntime row = new ResourceRuntime();
        row.id = UUID.randomUUID();
        row.stackId = state.stack.id;
        row.name = resource.name();
        row.type = resource.type();
        row.template = resource.template();
        row.properties = HearthJson.write(properties == null ? HearthJson.mapper().createObjectNode() : properties);
        row.dependsOn = HearthJson.write(resource.dependsOn());
        row.createdAt = Instant.now();
        // Heat's adopt: a stack adopted from data without Hearth's records adopts its resources through their handlers
        begin(state, row, state.stack.action == Action.ADOPT ? Action.ADOPT : Action.CREATE);
        state.add(row);
        return row;
    }
}
