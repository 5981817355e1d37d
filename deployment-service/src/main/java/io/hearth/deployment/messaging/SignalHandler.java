package io.hearth.deployment.messaging;

import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.DriverHeartbeat;
import io.hearth.contracts.compute.v1.ServerReported;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.contracts.signal.v1.DataBagChanged;
import io.hearth.contracts.signal.v1.DeploymentProgressed;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.NestedStackSettled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.contracts.signal.v1.WaitConditionSignalled;
import io.hearth.deployment.compute.ComputeDrivers;
import io.hearth.deployment.engine.StackSignals;
import io.hearth.deployment.spi.Signal;
import io.hearth.deployment.software.DeploymentProgress;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.deployment.software.SoftwareDeployments;
import io.hearth.platform.outbox.Outbox;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Turns the gateway's events into signals for the engine's door ({@link StackSignals}), grouped by stack so
 * that a stack is loaded, locked and advanced once per batch; a deployment no stack owns gets its signal
 * directly.
 */
@ApplicationScoped
public class SignalHandler {

    /**
     * The event types this handler acts on: check-ins, deployment and wait condition signals, alarm URLs, group
     * membership generations, data bag changes, hooks' progress reports, compute drivers' reports and heartbeats.
     */
    public static final Set<String> TYPES = Set.of(ServerCheckedIn.TYPE, DeploymentSignalled.TYPE, WaitConditionSignalled.TYPE,
            NestedStackSettled.TYPE, ScalingRequested.TYPE, MembershipChanged.TYPE, DataBagChanged.TYPE,
            DeploymentProgressed.TYPE, ServerReported.TYPE, DriverHeartbeat.TYPE);

    private static final Logger LOG = Logger.getLogger(SignalHandler.class);

    private final StackSignals stacks;
    private final SoftwareDeployments deployments;
    private final DeploymentProgress progress;
    private final ComputeDrivers drivers;
    private final Outbox outbox;
    private final MeterRegistry registry;

    public SignalHandler(StackSignals stacks, SoftwareDeployments deployments, DeploymentProgress progress,
            ComputeDrivers drivers, Outbox outbox, MeterRegistry registry) {
        this.stacks = stacks;
        this.registry = registry;
        this.drivers = drivers;
        this.outbox = outbox;
        this.deployments = deployments;
        this.progress = progress;
    }

    /** Applies events of a batch, in their order per stack, inside the processor's transaction. */
    public Uni<Void> handle(List<CloudEvent> events) {
        Map<UUID, List<Signal>> byStack = new LinkedHashMap<>();
        List<DeploymentSignalled> unowned = new ArrayList<>();
        List<DeploymentProgressed> reports = new ArrayList<>();
        List<String> deletedServers = new ArrayList<>();
        for (CloudEvent event : events) {
            switch (event.type()) {
                case ServerCheckedIn.TYPE -> {
                    ServerCheckedIn checkIn = event.dataAs(ServerCheckedIn.class);
                    add(byStack, checkIn.stackId(), new Signal.CheckIn(checkIn));
                }
                case DeploymentSignalled.TYPE -> {
                    DeploymentSignalled signal = event.dataAs(DeploymentSignalled.class);
                    if (!add(byStack, signal.stackId(), new Signal.HookResult(signal))) {
                        unowned.add(signal);
                    }
                }
                case DeploymentProgressed.TYPE -> reports.add(event.dataAs(DeploymentProgressed.class));
                case WaitConditionSignalled.TYPE -> {
                    WaitConditionSignalled signal = event.dataAs(WaitConditionSignalled.class);
                    add(byStack, signal.stackId(), new Signal.WaitConditionSignal(signal));
                }
                case ScalingRequested.TYPE -> {
                    ScalingRequested request = event.dataAs(ScalingRequested.class);
                    add(byStack, request.stackId(), new Signal.ScalingAlarm(request));
                }
                case MembershipChanged.TYPE -> {
                    MembershipChanged changed = event.dataAs(MembershipChanged.class);
                    add(byStack, changed.stackId(), new Signal.Membership(changed));
                }
                case DataBagChanged.TYPE -> {
                    DataBagChanged changed = event.dataAs(DataBagChanged.class);
                    add(byStack, changed.stackId(), new Signal.DataBag(changed));
                }
                case NestedStackSettled.TYPE -> {
                    NestedStackSettled settled = event.dataAs(NestedStackSettled.class);
                    add(byStack, settled.stackId(), new Signal.NestedSettled(settled));
                }
                case ServerReported.TYPE -> {
                    ServerReported report = event.dataAs(ServerReported.class);
                    if (report.state() == ServerReported.State.DELETED) {
                        deletedServers.add(report.serverId()); // its resource is gone: nothing for the stack
                    } else {
                        add(byStack, report.stackId(), new Signal.ComputeReport(report));
                    }
                }
                case DriverHeartbeat.TYPE -> drivers.heard(event.dataAs(DriverHeartbeat.class));
                default -> LOG.debugf("ignoring event %s of type %s", event.id(), event.type());
            }
        }
        return Multi.createFrom().iterable(byStack.entrySet())
                .onItem().transformToUniAndConcatenate(stack -> stacks.apply(stack.getKey(), stack.getValue()))
                .collect().last()
                .chain(() -> Multi.createFrom().iterable(unowned)
                        .onItem().transformToUniAndConcatenate(deployments::signal)
                        .collect().last())
                .chain(() -> progress.apply(reports)) // after the batch's terminal signals: a late report is ignored
                .chain(() -> tombstones(deletedServers))
                .invoke(() -> applied(events))
                .replaceWithVoid();
    }

    /**
     * Times each event of the batch from its CloudEvent {@code time} (when the gateway took it) to now, when it has
     * been applied: {@code hearth.signal.apply.latency} by event {@code type} (one of {@link #TYPES}).
     */
    private void applied(List<CloudEvent> events) {
        Instant now = Instant.now();
        for (CloudEvent event : events) {
            if (event.time() != null && TYPES.contains(event.type())) {
                Duration latency = Duration.between(event.time(), now);
                Timer.builder("hearth.signal.apply.latency").tag("type", event.type())
                        .description("From a signal's time at the gateway to its being applied")
                        .publishPercentileHistogram().register(registry)
                        .record(latency.isNegative() ? Duration.ZERO : latency);
            }
        }
    }

    /**
     * A server a driver reported DELETED is gone for good (server ids are never reused): its desired state on the
     * compacted {@code hearth.compute.servers} is replaced by a tombstone, so compaction drops it.
     */
    private Uni<Void> tombstones(List<String> serverIds) {
        return Multi.createFrom().iterable(serverIds)
                .onItem().transformToUniAndConcatenate(id -> outbox.appendTombstone("server", id, Topics.COMPUTE_SERVERS))
                .collect().last().replaceWithVoid();
    }

    /** Adds a signal to its stack's; false when it names no stack (a deployment made through the API). */
    private static boolean add(Map<UUID, List<Signal>> byStack, String stackId, Signal signal) {
        UUID id = SoftwareConfigStore.uuid(stackId);
        if (id == null) {
            if (!(signal instanceof Signal.HookResult)) {
                LOG.warnf("%s for %s names no stack (%s); ignored", signal.getClass().getSimpleName(),
                        signal.physicalId(), stackId);
            }
            return false;
        }
        byStack.computeIfAbsent(id, key -> new ArrayList<>()).add(signal);
        return true;
    }
}
