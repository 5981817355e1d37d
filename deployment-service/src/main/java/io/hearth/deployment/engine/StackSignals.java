package io.hearth.deployment.engine;

import static io.hearth.contracts.stack.Status.IN_PROGRESS;

import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.handlers.ResourceHandlers;
import io.hearth.deployment.spi.Signal;
import io.hearth.deployment.software.DeploymentChange;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.software.SoftwareDeployments;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The engine's one door for what happens outside it: a server's check-in, a hook's result, the API's change
 * of a deployment (and, as they come, wait condition and scaling signals). Signals for one stack are applied
 * together: its row locked first (then, inside the handlers, a deployment's: one lock order everywhere),
 * each signal handed to its resource's handler ({@link io.hearth.deployment.spi.ResourceHandler#signal},
 * Heat's {@code handle_signal}), the waiting actions they settle ended, and the stack advanced once.
 */
@ApplicationScoped
public class StackSignals {

    private static final Logger LOG = Logger.getLogger(StackSignals.class);

    private final StackEngine engine;
    private final ResourceHandlers handlers;
    private final SoftwareDeployments deployments;
    private final ResourceStarter starter;
    private final Breakpoints breakpoints;
    private final StackStates states;
    private final StackRuntimeRepository repository;
    private final SoftwareDeploymentRepository deploymentRows;
    private final StackEvents events;

    public StackSignals(StackEngine engine, ResourceStarter starter, ResourceHandlers handlers,
            SoftwareDeployments deployments, Breakpoints breakpoints, StackStates states, StackRuntimeRepository repository,
            SoftwareDeploymentRepository deploymentRows, StackEvents events) {
        this.events = events;
        this.deploymentRows = deploymentRows;
        this.engine = engine;
        this.starter = starter;
        this.states = states;
        this.repository = repository;
        this.breakpoints = breakpoints;
        this.handlers = handlers;
        this.deployments = deployments;
    }

    /**
     * Applies signals for the resources of one stack, in their order, in the caller's transaction; then the
     * stack goes as far as it can (its dependents start, or it completes or fails). Each signal goes to the handler
     * of each row it is for ({@link #holders}, Heat's {@code handle_signal}): an outcome settles the row's waiting
     * action, a change of its attributes contextualizes what reads them, and the waiting actions that look at the row
     * again ({@link #watchers}) resume. A signal for no resource (a hook's result for a deployment no stack owns:
     * {@code stackId} null) is {@link #unowned}.
     */
    public Uni<Void> apply(UUID stackId, List<Signal> signals) {
        return step(stackId, signals).chain(repository::release);
    }

    /**
     * Applies a run of signals as one set, stack by stack in the run's order, each as {@link #apply(UUID, List)}
     * does, in the caller's transaction: the run's stacks are locked with one statement before the first is applied,
     * and what the run changed is written once all are applied (one statement per table and kind), not stack by
     * stack. A data bag change that reruns every member of a group, or the members' check-ins and signals that
     * arrive together, so cost a few statements per stack less. A nested stack whose action the run ended settles
     * its parent's resource in the same transaction ({@link StackEvents#holdSettled}): the ends are applied as a
     * further run, the parents locked together, until no stack settles (a group's members, then the group's nested
     * stack, then the group), instead of each end going through {@code hearth.signals} and a later batch.
     */
    public Uni<Void> apply(Map<UUID, List<Signal>> run) {
        return events.holdSettled().chain(() -> applyWithSettled(run)).chain(events::endHold)
                .chain(repository::release);
    }

    private Uni<Void> applyWithSettled(Map<UUID, List<Signal>> run) {
        return repository.lock(run.keySet())
                .chain(() -> StackEngine.each(List.copyOf(run.entrySet()), stack -> step(stack.getKey(),
                        stack.getValue())))
                .chain(events::takeSettled)
                .chain(settled -> settled.isEmpty() ? Uni.createFrom().voidItem() : applyWithSettled(settled));
    }

    private Uni<Void> step(UUID stackId, List<Signal> signals) {
        Uni<StackState> loaded = stackId == null ? Uni.createFrom().nullItem() : states.load(stackId);
        return loaded.call(state -> state == null ? Uni.createFrom().voidItem()
                : deploymentRows.lock(deploymentIds(signals))).chain(state -> {
            if (state == null) {
                return StackEngine.each(signals, signal -> unowned(stackId, signal));
            }
            Map<ResourceRuntime, String> attributes = IN_PROGRESS.equals(state.stack().status) ? null
                    : attributes(state);
            return StackEngine.each(signals, signal -> {
                if (signal instanceof Signal.ApiSignal api && Breakpoints.unsetHook(api.details()) != null) {
                    // Heat's Resource.signal: unset_hook clears the breakpoint and never reaches handle_signal
                    return breakpoints.clear(state, api.resourceName(), Breakpoints.unsetHook(api.details()));
                }
                List<ResourceRuntime> rows = holders(state, signal);
                return rows.isEmpty() ? unowned(stackId, signal) : StackEngine.each(rows, row -> handlers.forRow(row)
                        .signal(ResourceCall.of(state.stack(), row), signal).chain(outcome -> {
                            if (outcome instanceof Outcome.Changed) {
                                return starter.readersOf(state, row);
                            }
                            return (outcome == null || row.status != IN_PROGRESS ? Uni.createFrom().voidItem()
                                    : starter.apply(state, row, Uni.createFrom().item(outcome)))
                                    .chain(() -> StackEngine.each(watchers(state, row), w -> engine.resume(state, w)));
                        }));
            }).chain(() -> engine.advance(state))
                    .chain(() -> attributes == null || attributes.equals(attributes(state))
                            ? Uni.createFrom().voidItem() : engine.refreshOutputs(state));
        });
    }

    /**
     * The rows a signal is for: every row holding its physical id ({@link Signal#everyHolder}), else the row it names
     * or the one holding its physical id; none when there is none.
     */
    private static List<ResourceRuntime> holders(StackState state, Signal signal) {
        if (signal.everyHolder()) {
            return state.rows().stream().filter(row -> signal.physicalId().equals(row.physicalId)).toList();
        }
        ResourceRuntime row = signal.resourceName() != null ? state.current(signal.resourceName())
                : state.byPhysicalId(signal.physicalId());
        return row == null ? List.of() : List.of(row);
    }

    /**
     * The deployments these signals are for (a hook's result, the API's change): locked together after their stack,
     * in one statement, instead of one by one as each is applied.
     */
    private static Set<UUID> deploymentIds(List<Signal> signals) {
        Set<UUID> ids = new TreeSet<>();
        for (Signal signal : signals) {
            String id = signal instanceof Signal.HookResult hook ? hook.event().deploymentId()
                    : signal instanceof Signal.DeploymentUpdate update ? update.deploymentId() : null;
            UUID uuid = SoftwareConfigStore.uuid(id);
            if (uuid != null) {
                ids.add(uuid);
            }
        }
        return ids;
    }

    /**
     * Each row's attributes as they are (their JSON text): when a signal to a stack that is not acting changes them
     * (a scaling resized a group), the stack's outputs are evaluated again.
     */
    private static Map<ResourceRuntime, String> attributes(StackState state) {
        Map<ResourceRuntime, String> attributes = new IdentityHashMap<>();
        state.rows().forEach(row -> attributes.put(row, row.attributes));
        return attributes;
    }

    /**
     * The API's change of a deployment, as a signal for its stack's resource (for no stack's when none owns it); the
     * deployment as it is then. One transaction.
     */
    @WithTransaction
    public Uni<SoftwareDeployment> deploymentChanged(String tenant, String id, DeploymentChange change) {
        return deployments.find(tenant, id).call(d -> apply(d.stackId == null ? null : UUID.fromString(d.stackId),
                List.of(new Signal.DeploymentUpdate(tenant, id, change))));
    }

    /**
     * The resources whose waiting action looks at the signalled one again now ({@code resumesOnSignals}: a
     * WaitCondition and its handle): in progress and depending on it.
     */
    private List<ResourceRuntime> watchers(StackState state, ResourceRuntime signalled) {
        return state.rows().stream().filter(row -> row != signalled && row.status == IN_PROGRESS
                && row.dependsOnNames().contains(signalled.name) && handlers.forRow(row).resumesOnSignals())
                .toList();
    }

    /**
     * A signal for no resource of a stack the engine runs (gone, or never a stack's): a deployment's is still
     * applied to the deployment, so it is recorded; any other is logged and ignored.
     */
    private Uni<Void> unowned(UUID stackId, Signal signal) {
        if (signal instanceof Signal.HookResult hook) {
            return deployments.signal(hook.event()).replaceWithVoid();
        }
        if (signal instanceof Signal.DeploymentUpdate update) {
            return deployments.update(update.tenant(), update.deploymentId(), update.change()).replaceWithVoid();
        }
        LOG.warnf("%s for %s: no such resource in stack %s; ignored", signal.getClass().getSimpleName(),
                signal.resourceName() != null ? signal.resourceName() : signal.physicalId(), stackId);
        return Uni.createFrom().voidItem();
    }
}
