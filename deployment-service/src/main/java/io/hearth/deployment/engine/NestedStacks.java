package io.hearth.deployment.engine;

import static io.hearth.contracts.stack.Status.COMPLETE;
import static io.hearth.contracts.stack.Status.FAILED;
import static io.hearth.contracts.stack.Status.IN_PROGRESS;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.spi.NestedStackService;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.StackPlans;
import io.hearth.hot.TemplateException;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.functions.StackIdentity;
import io.hearth.hot.plan.ChildEnvironment;
import io.hearth.hot.plan.StackPlanner;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Nested stacks, Heat's {@code StackResource}: the one engine service through which a resource owns a stack of its
 * own (a template resource, {@code OS::Heat::Stack}, and the groups: ResourceGroup, AutoScalingGroup,
 * SoftwareDeploymentGroup). A nested stack is a real {@code stack_runtime} row with its parent's id and the
 * owning resource's name; the resource's physical id is the nested stack's id.
 *
 * <p>Every method runs in the engine's transaction of the parent, whose row is locked: the nested stack's row is
 * locked after it (parent first, never the reverse). {@link #create}, {@link #update} and {@link #delete} plan
 * and start the nested stack's action and advance it at once, so a nested stack of instant resources (all
 * {@code OS::Heat::None}, say) ends in the same transaction and the resource's action with it. Otherwise they
 * answer {@link Outcome.Waiting} (the resource's physical id already set), and when the nested stack's action
 * ends, in a transaction of its own, the engine appends a {@code NestedStackSettled} signal keyed by the parent;
 * it comes back through {@link StackSignals} to the handler's {@code signal}, which asks {@link #settled}.
 *
 * <p>How the owner turns a nested stack's end into its own outcome is its {@link Owner}: the attributes of a
 * completed action, and (by default Heat's {@code ResourceFailure}) the reason of a failed one.
 */
@ApplicationScoped
public class NestedStacks implements NestedStackService {

    private final StackEngine engine;
    private final StackEvents events;
    private final StackOutputs outputs;
    private final StackPlanner planner;
    private final StackStates states;
    private final StackRuntimeRepository repository;

    NestedStacks(StackEngine engine, StackEvents events, StackOutputs outputs, StackPlanner planner,
            StackStates states, StackRuntimeRepository repository) {
        this.engine = engine;
        this.states = states;
        this.repository = repository;
        this.events = events;
        this.outputs = outputs;
        this.planner = planner;
    }

    @Override
    public JsonNode fileTemplate(ResourceCall call, String name) {
        return planner.readNested(name, StackPlans.planOf(call.stack()).files().get(name));
    }

    @Override
    public JsonNode textTemplate(String text) {
        return planner.readNested(null, text);
    }

    @Override
    public Uni<Outcome> create(ResourceCall call, JsonNode template, JsonNode parameters, Integer timeoutMins,
            String registryType, Owner owner) {
        StackRuntime parent = call.stack();
        StackRuntime nested = new StackRuntime();
        nested.id = UUID.randomUUID();
        nested.tenant = parent.tenant;
        nested.name = call.physicalName();
        nested.parentStackId = parent.id;
        nested.rootStackId = parent.rootStackId == null ? parent.id : parent.rootStackId;
        nested.parentResource = call.name();
        nested.nestedDepth = parent.nestedDepth + 1;
        nested.createdAt = Instant.now();
        nested.parentWatching = true;
        Planned planned;
        try {
            planned = plan(call, nested, template, parameters, timeoutMins, registryType,
                    StackPlans.planOf(call.stack()).files());
        } catch (TemplateException e) {
            return Uni.createFrom().item(invalid(call, e));
        }
        call.row().physicalId = nested.id.toString(); // Heat's resource_id_set: the settled signal finds it
        // Heat's StackResource adopt: the nested stack is adopted (action ADOPT) from the resource's part of the data
        boolean adopting = call.action() == Action.ADOPT;
        if (adopting) {
            JsonNode entry = call.adopted();
            JsonNode resources = entry == null ? null : entry.get("resources");
            nested.adoptData = HearthJson.write(resources != null && resources.isObject() ? resources
                    : HearthJson.mapper().createObjectNode());
        }
        StackState state = new StackState(nested, planned.plan(), List.of());
        return states.begin()
                .chain(() -> events.nestedCreated(nested, template, planned.environment(), planned.plan()))
                .chain(() -> engine.begin(state, adopting ? Action.ADOPT : Action.CREATE))
                .chain(() -> repository.insert(nested))
                .chain(() -> engine.advance(state))
                .map(ignored -> outcome(call, state, owner));
    }

    @Override
    public Uni<Outcome> update(ResourceCall call, JsonNode template, JsonNode parameters, Integer timeoutMins,
            String registryType, Owner owner) {
        return load(call).chain(state -> {
            if (state == null) {
                return create(call, template, parameters, timeoutMins, registryType, owner);
            }
            StackRuntime nested = state.stack();
            nested.parentWatching = true;
            Planned planned;
            Map<String, String> files = StackPlans.planOf(call.stack()).files();
            if (owner != null && owner.keepsPreviousFiles(call)) {
                Map<String, String> merged = new java.util.LinkedHashMap<>(StackPlans.planOf(nested).files());
                merged.putAll(files);
                files = merged;
            }
            try {
                planned = plan(call, nested, template, parameters, timeoutMins, registryType, files);
            } catch (TemplateException e) {
                return Uni.createFrom().item(invalid(call, e));
            }
            StackState updated = new StackState(nested, planned.plan(), state.rows());
            return events.nestedUpdated(nested, template, planned.environment(), planned.plan())
                    .chain(() -> engine.begin(updated, Action.UPDATE))
                    .invoke(() -> nested.contextDepth = call.row().contextDepth) // a contextualization's, or 0
                    .chain(() -> engine.advance(updated))
                    .map(ignored -> outcome(call, updated, owner));
        });
    }

    @Override
    public Uni<Outcome> preempt(ResourceCall call, Owner owner) {
        return load(call).chain(state -> {
            if (state == null || state.stack().status != IN_PROGRESS
                    || state.stack().action != Action.CREATE && state.stack().action != Action.UPDATE) {
                return Uni.createFrom().nullItem();
            }
            state.stack().parentWatching = true;
            return engine.cancel(state).map(ignored -> outcome(call, state, owner));
        });
    }

    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        return load(call).chain(state -> {
            if (state == null) {
                return Uni.createFrom().item(deleted(call));
            }
            StackRuntime nested = state.stack();
            nested.parentWatching = true;
            if (nested.action == Action.DELETE && nested.status != FAILED) {
                return Uni.createFrom().item(outcome(call, state, null));
            }
            return engine.begin(state, Action.DELETE).chain(() -> engine.advance(state))
                    .map(ignored -> outcome(call, state, null));
        });
    }

    @Override
    public Uni<Outcome> sweep(ResourceCall call) {
        return load(call).chain(state -> {
            if (state == null) {
                return Uni.createFrom().item(ResourceHandler.unchanged(call));
            }
            state.stack().parentWatching = true;
            return engine.begin(state, call.action()).chain(() -> engine.advance(state))
                    .map(ignored -> outcome(call, state, null));
        });
    }

    @Override
    public Uni<Outcome> settled(ResourceCall call, Owner owner) {
        return load(call).map(state -> state == null
                ? (call.action() == Action.DELETE ? deleted(call) : new Outcome.Failed("resources." + call.name()
                        + ": the nested stack " + call.row().physicalId + " is gone"))
                : outcome(call, state, owner));
    }

    @Override
    public Uni<NestedStack> read(ResourceCall call) {
        return load(call).map(state -> state == null ? null : view(state));
    }

    /** A nested stack's environment and the plan made with it. */
    private record Planned(ObjectNode environment, StackPlan plan) {
    }

    /**
     * Plans the nested stack of a resource from a template and its parameters, in the environment Heat gives a
     * child (the parent's, less the registry entry that made the resource a template resource), and stores the
     * plan on its row.
     *
     * @throws TemplateException when the nested stack cannot be planned
     */
    private Planned plan(ResourceCall call, StackRuntime nested, JsonNode template, JsonNode parameters,
            Integer timeoutMins, String registryType, Map<String, String> files) {
        StackPlan parentPlan = StackPlans.planOf(call.stack());
        ObjectNode environment = ChildEnvironment.of(parentPlan.environment(), parameters, call.name(), registryType);
        StackPlan plan = planner.planNested(template, environment, files, new StackIdentity(nested.name,
                nested.id.toString(), nested.tenant), timeoutMins != null ? timeoutMins : parentPlan.timeoutMins(),
                nested.nestedDepth, parentPlan.resources().stream().filter(r -> r.name().equals(call.name()))
                        .findFirst().map(r -> StackPlanner.facade(r.metadata(), r.deletionPolicy(), r.updatePolicy()))
                        .orElse(null));
        nested.plan = HearthJson.write(plan);
        return new Planned(environment, plan);
    }

    /** The nested stack of a resource, locked; null when it has none (or the id is not its). */
    private Uni<StackState> load(ResourceCall call) {
        String id = call.row().physicalId;
        if (id == null) {
            return Uni.createFrom().nullItem();
        }
        UUID nestedId;
        try {
            nestedId = UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            return Uni.createFrom().nullItem();
        }
        return states.load(nestedId).map(state -> state != null && call.stack().id.equals(state.stack().parentStackId)
                ? state : null);
    }

    private NestedStack view(StackState state) {
        StackRuntime stack = state.stack();
        boolean produced = stack.status == COMPLETE && stack.action != Action.DELETE;
        return new NestedStack(stack, state.rows(), produced ? outputs.evaluate(state) : Map.of());
    }

    /** The resource's outcome for where its nested stack stands; {@code owner} null for a delete. */
    private Outcome outcome(ResourceCall call, StackState state, Owner owner) {
        StackRuntime nested = state.stack();
        nested.parentWatching = false;
        // The resource's create or update brings its nested stack in line by a create or an update (a group's
        // later create batches are updates of it, an update that finds none creates it), its delete by a delete:
        // the action last begun on the nested stack ended when it is no longer in progress.
        // A suspend, resume or check of the resource is the same action of its nested stack ({@link #sweep}).
        Action served = call.action();
        boolean sweep = StackSweep.ACTIONS.contains(served);
        boolean deleting = served == Action.DELETE;
        boolean serves = sweep ? nested.action == served : deleting == (nested.action == Action.DELETE);
        if (!serves || nested.status == IN_PROGRESS) {
            return new Outcome.Waiting(null);
        }
        if (nested.status == FAILED) {
            return owner == null || sweep ? NestedStackService.resourceFailure(call.name(), served, nested.statusReason)
                    : owner.failed(call, view(state));
        }
        if (sweep) {
            return ResourceHandler.unchanged(call);
        }
        return owner == null ? deleted(call) : owner.completed(call, view(state));
    }

    private static Outcome deleted(ResourceCall call) {
        return new Outcome.Complete(call.row().physicalId, null, ResourceHandler.attributes());
    }

    /** A nested stack that cannot be planned: the resource fails with every problem. */
    private static Outcome invalid(ResourceCall call, TemplateException e) {
        return new Outcome.Failed("StackValidationFailed: resources." + call.name() + ": " + String.join("\n",
                e.problems().stream().map(TemplateProblem::toString).toList()));
    }
}
