package io.hearth.deployment.messaging;

import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.platform.messaging.EventProcessor;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.reactive.messaging.Incoming;

/**
 * Kafka facade of the engine: one consumer of every engine input topic ({@link Channels#ENGINE}), each poll's batch
 * applied through the idempotent processor in one transaction, or a few for a batch of many stack commands (the
 * inbox records every id; only first deliveries go on). In the batch's order (per partition the topic's order, so per tree key), a run of signals goes to the
 * {@link SignalHandler} at once and each stack command to the {@link StackCommandHandler}.
 */
@ApplicationScoped
public class EngineConsumer {

    /** The event types the engine acts on: the signal handler's and the stack commands. */
    static final Set<String> TYPES = union(SignalHandler.TYPES, StackCommandHandler.TYPES);

    private final EventProcessor processor;
    private final SignalHandler signals;
    private final StackCommandHandler commands;

    private final int commandsPerTransaction;

    public EngineConsumer(EventProcessor processor, SignalHandler signals, StackCommandHandler commands,
            @ConfigProperty(name = "hearth.deployment.commands-per-transaction", defaultValue = "5")
            int commandsPerTransaction) {
        this.processor = processor;
        this.signals = signals;
        this.commands = commands;
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

    /** Applies a batch's first deliveries in their order: runs of signals together, commands one at a time. */
    Uni<Void> apply(List<CloudEvent> events) {
        List<List<CloudEvent>> runs = new ArrayList<>();
        List<CloudEvent> run = null;
        for (CloudEvent event : events) {
            if (StackCommandHandler.TYPES.contains(event.type())) {
                runs.add(List.of(event));
                run = null;
            } else {
                if (run == null) {
                    run = new ArrayList<>();
                    runs.add(run);
                }
                run.add(event);
            }
        }
        return Multi.createFrom().iterable(runs)
                .onItem().transformToUniAndConcatenate(part -> StackCommandHandler.TYPES.contains(part.get(0).type())
                        ? commands.handle(part.get(0)) : signals.handle(part))
                .collect().last().replaceWithVoid();
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}
