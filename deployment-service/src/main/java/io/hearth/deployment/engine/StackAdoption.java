package io.hearth.deployment.engine;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.RuntimeRecord;
import io.hearth.contracts.stack.v1.StackAdoptRequested;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Adopts a stack from abandon data (Heat's {@code Stack.adopt}): the stack starts ADOPT, and each planned resource
 * takes its {@link RuntimeRecord} back instead of being created (Heat's {@code handle_adopt}: its resource id, data
 * and metadata) — with the software config, deployment and server metadata rows it owned, ids, generations,
 * statuses and outputs as they were — and goes ADOPT_IN_PROGRESS then ADOPT_COMPLETE ({@code state changed}, Heat's
 * words). Nothing is sent to a compute driver and no metadata is published, so servers and agents see no change.
 * The rows are in line with the adopt's traversal, so the engine finds nothing to do and completes the stack with
 * its outputs. Data without Hearth's records (Heat's own, which template-service accepted only for types whose
 * adopted state a template could have given) is adopted by the resources' handlers instead ({@code handle_adopt}:
 * a random string takes the data's value, a nested stack is adopted from its entry's {@code resources}). Records
 * that cannot be taken back (a live id, a resource the data lacks) fail the stack ADOPT_FAILED
 * with the reason and leave no resource; template-service refuses such data before this runs (400/409).
 */
@ApplicationScoped
public class StackAdoption {

    private static final Logger LOG = Logger.getLogger(StackAdoption.class);
    /** Heat's reason for each resource state of an adopt. */
    static final String STATE_CHANGED = "state changed";

    private final StackEngine engine;
    private final StackEvents events;
    private final AdoptedRows adopted;
    private final StackStates states;
    private final StackRuntimeRepository repository;

    public StackAdoption(StackEngine engine, StackEvents events, AdoptedRows adopted, StackStates states,
            StackRuntimeRepository repository) {
        this.engine = engine;
        this.states = states;
        this.repository = repository;
        this.events = events;
        this.adopted = adopted;
    }

    /** Adopts the stack; a command for a stack that exists already changes nothing (a redelivery). */
    public Uni<Void> adopt(StackAdoptRequested command) {
        UUID id = UUID.fromString(command.stackId());
        return repository.stack(id).chain(existing -> {
            if (existing != null) {
                LOG.infof("stack %s already exists; adopt command ignored", id);
                return Uni.createFrom().voidItem();
            }
            StackRuntime stack = StackRuntime.top(id, command.tenant(), command.stackName(),
                    HearthJson.write(command.plan()));
            // The adopted stack's status versions start above any the abandoned one published: an event of the
            // abandoned stack that template-service reads after the adopt is then older than every ADOPT status.
            stack.statusVersion = stack.createdAt.toEpochMilli();
            if (command.adopted() != null) {
                return throughHandlers(stack, command);
            }
            return states.begin().chain(() -> adopted.problem(command)).chain(problem -> {
                if (problem != null) {
                    StackState state = new StackState(stack, command.plan(), List.of());
                    return engine.begin(state, Action.ADOPT).chain(() -> repository.insert(stack))
                            .chain(() -> engine.transition(state, Action.ADOPT, Status.FAILED, problem, null));
                }
                return take(stack, command);
            });
        });
    }

    /**
     * An adopt of Heat's own abandon data (no Hearth records): a traversal whose resources are adopted by their
     * handlers ({@code ResourceHandler.adopt}) from their entry of the data, kept on the stack's row for them.
     */
    private Uni<Void> throughHandlers(StackRuntime stack, StackAdoptRequested command) {
        stack.adoptData = HearthJson.write(command.adopted());
        StackState state = new StackState(stack, command.plan(), List.of());
        return states.begin().chain(() -> engine.begin(state, Action.ADOPT))
                .chain(() -> repository.insert(stack)).chain(() -> engine.advance(state));
    }

    private Uni<Void> take(StackRuntime stack, StackAdoptRequested command) {
        long traversal = stack.traversal + 1; // the adopt's, which begin() starts
        List<ResourceRuntime> rows = new ArrayList<>();
        for (PlannedResource resource : command.plan().resources()) {
            rows.add(row(stack, resource, command.resources().get(resource.name()), traversal));
        }
        StackState state = new StackState(stack, command.plan(), rows);
        return engine.begin(state, Action.ADOPT).chain(() -> repository.insert(stack))
                .chain(() -> StackEngine.each(rows, row -> adoptOne(state, row, command.resources().get(row.name))))
                .chain(() -> engine.advance(state));
    }

    private Uni<Void> adoptOne(StackState state, ResourceRuntime row, RuntimeRecord record) {
        return events.resourceEvent(state.stack, row, Action.ADOPT, Status.IN_PROGRESS, STATE_CHANGED)
                .chain(() -> adopted.restore(state.stack, row.name, record))
                .chain(() -> repository.insert(row))
                .chain(() -> events.resourceStatus(state.stack, row));
    }

    /** The resource's row as the record says, ADOPT_COMPLETE and in line with the adopt's traversal. */
    private static ResourceRuntime row(StackRuntime stack, PlannedResource resource, RuntimeRecord record,
            long traversal) {
        ResourceRuntime row = new ResourceRuntime();
        row.id = UUID.randomUUID();
        row.stackId = stack.id;
        row.name = resource.name();
        row.type = resource.type();
        row.action = Action.ADOPT;
        row.status = Status.COMPLETE;
        row.statusReason = STATE_CHANGED;
        row.physicalId = record.physicalId();
        row.referenceId = record.referenceId();
        row.attributes = json(record.attributes());
        row.data = json(record.data());
        row.properties = json(record.properties());
        row.dependsOn = HearthJson.write(record.dependsOn() == null ? List.of() : record.dependsOn());
        row.traversal = traversal;
        row.createdAt = Instant.now();
        row.startedAt = row.createdAt;
        row.updatedAt = row.createdAt;
        return row;
    }

    private static String json(Object value) {
        return value == null ? null : HearthJson.write(value);
    }
}
