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
import io.hearth.deployment.software.DeploymentProgress;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.deployment.spi.Signal;
import io.hearth.platform.messaging.EventProcessor;
import io.hearth.platform.outbox.Outbox;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Incoming;
import org.jboss.logging.Logger;

/**
 * Kafka facade of the engine: one consumer of every engine input topic ({@link Channels#ENGINE}), each poll's batch
 * applied through the idempotent processor in one transaction, or a few for a batch of many stack commands (the
 * inbox records every id; only first deliveries go on). In the batch's order (per partition the topic's order, so
 * per tree key), each stack command goes to the {@link StackCommandHandler}, and a run of signals to the engine's one
 * door ({@link StackSignals}), grouped by stack so that a stack is loaded, locked and advanced once per run; a hook's
 * result for a deployment no stack owns goes there too, under no stack.
 */
@ApplicationScoped
public class EngineConsumer {

    /**
     * The signals' event types: check-ins, deployment and wait condition signals, alarm URLs, group membership
     * generations, data bag changes, hooks' progress reports, compute drivers' reports and heartbeats.
     */
    static final Set<String> SIGNALS = Set.of(ServerCheckedIn.TYPE, DeploymentSignalled.TYPE,
            WaitConditionSignalled.TYPE, NestedStackSettled.TYPE, ScalingRequested.TYPE, MembershipChanged.TYPE,
            DataBagChanged.TYPE, DeploymentProgressed.TYPE, ServerReported.TYPE, DriverHeartbeat.TYPE);

    /** The event types the engine acts on: the signals and the stack commands. */
    static final Set<String> TYPES = union(SIGNALS, StackCommandHandler.TYPES);

    private static final Logger LOG = Logger.getLogger(EngineConsumer.class);

    private final EventProcessor processor;
    private final StackSignals stacks;
    private final StackCommandHandler commands;
    private final DeploymentProgress progress;
    private final ComputeDrivers drivers;
    private final Outbox outbox;
    private final MeterRegistry registry;
    private final int commandsPerTransaction;

    public EngineConsumer(EventProcessor processor, StackSignals stacks, StackCommandHandler commands,
            DeploymentProgress progress, ComputeDrivers drivers, Outbox outbox, MeterRegistry registry,
            @ConfigProperty(name = "hearth.deployment.commands-per-transaction", defaultValue = "5")
            int commandsPerTransaction) {
        this.processor = processor;
        this.stacks = stacks;
        this.commands = commands;
        this.progress = progress;
        this.drivers = drivers;
        this.outbox = outbox;
        this.registry = registry;
        this.commandsPerTransaction = commandsPerTransaction;
    }

    /**
     * Applies a poll's batch; at most {@code hearth.deployment.commands-per-transaction} stack commands go in one
     * transaction (a create holds every row and event it makes until its commit: a hundred creates of 300 resources
     * in one transaction ran the heap out).
     */
    @Incoming(Channels.ENGINE)
    public Uni<Void> consume(KafkaRecordBatch<String, String> batch) {
        return processor.processBatch(Channels.GROUP, batch, TYPES::contains, StackCommandHandler.TYPES::contains,
                commandsPerTransaction, this::apply);
    }

    /**
     * Applies a batch's first deliveries in their order: each command alone; a run of signals stack by stack (in
     * the topic's order per stack), then the run's progress reports (after its terminal signals: a late report is
     * ignored) and the tombstones of the servers a driver reported deleted.
     */
    Uni<Void> apply(List<CloudEvent> events) {
        List<Supplier<Uni<Void>>> steps = new ArrayList<>();
        Map<UUID, List<Signal>> byStack = null;
        List<DeploymentProgressed> reports = null;
        List<String> deletedServers = null;
        for (CloudEvent event : events) {
            if (StackCommandHandler.TYPES.contains(event.type())) {
                steps.add(() -> commands.handle(event));
                byStack = null;
                continue;
            }
            if (byStack == null) {
                Map<UUID, List<Signal>> run = byStack = new LinkedHashMap<>();
                List<DeploymentProgressed> runReports = reports = new ArrayList<>();
                List<String> runDeleted = deletedServers = new ArrayList<>();
                steps.add(() -> stacks.apply(run)
                        .chain(() -> progress.apply(runReports))
                        .chain(() -> Multi.createFrom().iterable(runDeleted).onItem().transformToUniAndConcatenate(
                                id -> outbox.appendTombstone("server", id, Topics.COMPUTE_SERVERS)).collect().last())
                        .replaceWithVoid());
            }
            switch (event.type()) {
                case DeploymentProgressed.TYPE -> reports.add(event.dataAs(DeploymentProgressed.class));
                case DriverHeartbeat.TYPE -> drivers.heard(event.dataAs(DriverHeartbeat.class));
                default -> add(byStack, deletedServers, event);
            }
        }
        return Multi.createFrom().iterable(steps).onItem().transformToUniAndConcatenate(Supplier::get)
                .collect().last().invoke(() -> applied(events)).replaceWithVoid();
    }

    /**
     * Adds the event's signal to its stack's; a hook's result naming no stack (a deployment made through the API)
     * goes under none, any other such signal is logged and ignored, as is an event of no signal's type. A server a
     * driver reported DELETED is no signal: its resource is gone, only its desired state gets a tombstone.
     */
    private static void add(Map<UUID, List<Signal>> byStack, List<String> deletedServers, CloudEvent event) {
        Keyed keyed = switch (event.type()) {
            case ServerCheckedIn.TYPE -> keyed(event, ServerCheckedIn.class, ServerCheckedIn::stackId,
                    Signal.CheckIn::new);
            case DeploymentSignalled.TYPE -> keyed(event, DeploymentSignalled.class, DeploymentSignalled::stackId,
                    Signal.HookResult::new);
            case WaitConditionSignalled.TYPE -> keyed(event, WaitConditionSignalled.class,
                    WaitConditionSignalled::stackId, Signal.WaitConditionSignal::new);
            case ScalingRequested.TYPE -> keyed(event, ScalingRequested.class, ScalingRequested::stackId,
                    Signal.ScalingAlarm::new);
            case MembershipChanged.TYPE -> keyed(event, MembershipChanged.class, MembershipChanged::stackId,
                    Signal.Membership::new);
            case DataBagChanged.TYPE -> keyed(event, DataBagChanged.class, DataBagChanged::stackId, Signal.DataBag::new);
            case NestedStackSettled.TYPE -> keyed(event, NestedStackSettled.class, NestedStackSettled::stackId,
                    Signal.NestedSettled::new);
            case ServerReported.TYPE -> keyed(event, ServerReported.class, ServerReported::stackId,
                    Signal.ComputeReport::new);
            default -> null;
        };
        if (keyed == null) {
            LOG.debugf("ignoring event %s of type %s", event.id(), event.type());
        } else if (keyed.signal() instanceof Signal.ComputeReport report
                && report.event().state() == ServerReported.State.DELETED) {
            deletedServers.add(report.event().serverId());
        } else if (keyed.stackId() == null && !(keyed.signal() instanceof Signal.HookResult)) {
            LOG.warnf("%s for %s names no stack (%s); ignored", keyed.signal().getClass().getSimpleName(),
                    keyed.signal().physicalId(), keyed.stack());
        } else {
            byStack.computeIfAbsent(keyed.stackId(), key -> new ArrayList<>()).add(keyed.signal());
        }
    }

    /** A signal and the stack it names ({@code stack}: as the event names it; {@code stackId}: null when no UUID). */
    private record Keyed(String stack, UUID stackId, Signal signal) {
    }

    private static <E> Keyed keyed(CloudEvent event, Class<E> type, Function<E, String> stack,
            Function<E, Signal> signal) {
        E data = event.dataAs(type);
        String named = stack.apply(data);
        return new Keyed(named, SoftwareConfigStore.uuid(named), signal.apply(data));
    }

    /**
     * Times each signal of the batch from its CloudEvent {@code time} (when the gateway took it) to now, when it has
     * been applied: {@code hearth.signal.apply.latency} by event {@code type} (one of {@link #SIGNALS}).
     */
    private void applied(List<CloudEvent> events) {
        Instant now = Instant.now();
        for (CloudEvent event : events) {
            if (event.time() != null && SIGNALS.contains(event.type())) {
                Duration latency = Duration.between(event.time(), now);
                Timer.builder("hearth.signal.apply.latency").tag("type", event.type())
                        .description("From a signal's time at the gateway to its being applied")
                        .publishPercentileHistogram().register(registry)
                        .record(latency.isNegative() ? Duration.ZERO : latency);
            }
        }
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}
