package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.scaling.v1.ScalingRequested;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.spi.NestedStackService;
import io.hearth.deployment.spi.NestedStackService.NestedStack;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceEvents;
import io.hearth.deployment.groups.AutoScalingPlan;
import io.hearth.deployment.groups.Cooldown;
import io.hearth.deployment.groups.GroupDocument;
import io.hearth.deployment.groups.GroupMember;
import io.hearth.deployment.groups.GroupStep;
import io.hearth.deployment.groups.ShortIds;
import io.hearth.deployment.spi.ResourceException;
import io.hearth.deployment.spi.Signal;
import io.hearth.hot.py.Py;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;
import java.util.Set;

/**
 * {@code OS::Heat::AutoScalingGroup}: a nested stack of members with random short names ({@link AutoScalingPlan});
 * an update rolls a changed {@code resource} out in batches and resizes to {@code desired_capacity}. A scaling
 * signal ({@link Signal.ScalingAlarm}, a ScalingPolicy's alarm URL) is Heat's {@code adjust}: the new size from the
 * policy ({@code calculate_new_capacity}, kept within [min_size, max_size]); nothing when the size would not change,
 * the group is not COMPLETE, or its cooldown is not over (Heat's {@code NoActionRequired}: Heat writes no event for
 * it, Hearth writes the reason as the policy's {@code SIGNAL} event); else the group goes UPDATE_IN_PROGRESS while
 * its nested stack is resized, and the cooldown starts when it completes. The cooldown (Heat's metadata
 * {@code cooldown_end}, {@code scaling_in_progress}) is kept in the row's data; a create or update starts it too,
 * as Heat's {@code check_create_complete} does.
 */
@ApplicationScoped
public class AutoScalingGroupHandler extends GroupHandler {

    private final ResourceEvents events;
    private final StackRuntimeRepository repository;

    public AutoScalingGroupHandler(NestedStackService nested, ResourceEvents events, StackRuntimeRepository repository) {
        super(nested);
        this.events = events;
        this.repository = repository;
    }

    @Override
    public Set<String> types() {
        return Set.of(GroupDocument.AUTO_SCALING_GROUP);
    }

    @Override
    List<GroupStep> createSteps(ResourceCall call) {
        AutoScalingPlan plan = valid(call);
        return List.of(new GroupStep(plan.members(List.of(), plan.initialSize(), 0, ShortIds::generate), 0));
    }

    @Override
    List<GroupStep> updateSteps(ResourceCall call, NestedStack current) {
        AutoScalingPlan plan = valid(call);
        List<GroupMember> members = members(current);
        boolean resourceChanged = call.previous() != null
                && !call.properties().path("resource").equals(call.previous().path("resource"));
        int healthy = (int) members.stream().filter(m -> !m.failed()).count();
        return ResourceGroupHandler.guarded(call, () -> plan.updateSteps(existing(call.row(), members), healthy,
                resourceChanged, stackTimeoutSeconds(call), ShortIds::generate));
    }

    @Override
    ObjectNode document(ResourceCall call, NestedStack stack) {
        List<GroupMember> healthy = members(stack).stream().filter(m -> !m.failed()).toList();
        return GroupDocument.of(GroupDocument.AUTO_SCALING_GROUP, call.name(), healthy, List.of());
    }

    /** Heat's {@code _finished_scaling} once the group's action completed: the cooldown starts now. */
    @Override
    public Outcome.Complete completed(ResourceCall call, NestedStack stack) {
        Outcome.Complete done = super.completed(call, stack);
        ObjectNode data = data(call.row());
        if (data.path("steps").isEmpty()) {
            JsonNode adjusting = data.remove("adjusting");
            JsonNode cooldown = adjusting != null ? adjusting.get("cooldown") : call.property("cooldown");
            String reason = adjusting != null ? adjusting.path("reason").asText()
                    : "ExactCapacity : " + done.attributes().path("current_size").asInt();
            store(data, cooldown(data).finished(cooldown, reason, true, Instant.now()));
            call.row().data = HearthJson.write(data);
        }
        return done;
    }

    /** A failed resize ends the adjustment (Heat's {@code _finished_scaling} without a size change). */
    @Override
    public Outcome.Failed failed(ResourceCall call, NestedStack stack) {
        ObjectNode data = data(call.row());
        if (data.remove("adjusting") != null) {
            store(data, cooldown(data).finished(null, null, false, Instant.now()));
            call.row().data = HearthJson.write(data);
        }
        return super.failed(call, stack);
    }

    @Override
    public Uni<Outcome> signal(ResourceCall call, Signal signal) {
        if (signal instanceof Signal.ScalingAlarm alarm) {
            return policy(call, alarm.event()).chain(policy -> adjust(call, alarm.event(), policy));
        }
        return super.signal(call, signal);
    }

    /** Heat's {@code adjust}: the outcome of the group's resize, or null when it does nothing (said in an event). */
    private Uni<Outcome> adjust(ResourceCall call, ScalingRequested request, ResourceRuntime policy) {
        JsonNode props = policy == null ? null : HearthJson.readTree(policy.properties);
        JsonNode adjustment = props != null ? props.get("scaling_adjustment") : TextNode.valueOf(
                Integer.toString(request.adjustment()));
        String type = props != null ? props.path("adjustment_type").asText() : request.adjustmentType();
        JsonNode step = props == null ? null : props.get("min_adjustment_step");
        JsonNode cooldown = props != null && props.hasNonNull("cooldown") ? props.get("cooldown")
                : call.property("cooldown");
        if (call.row().status != Status.COMPLETE) {
            return nothing(call, policy, request, call.name() + " NOT performing scaling adjustment, when status is not"
                    + " COMPLETE");
        }
        AutoScalingPlan plan = AutoScalingPlan.of(call.properties());
        return nested.read(call).chain(current -> {
            List<GroupMember> members = members(current);
            int capacity = (int) members.stream().filter(m -> !m.failed()).count();
            int size = plan.newCapacity(capacity, Py.strToNum(adjustment).doubleValue(), type,
                    step == null || step.isNull() ? null : Py.toInt(step).intValue());
            if (size == capacity) {
                return nothing(call, policy, request, call.name()
                        + " NOT performing scaling adjustment, as there is no change in capacity.");
            }
            ObjectNode data = data(call.row());
            String refusal = cooldown(data).refusal(call.name(), cooldown, Instant.now());
            if (refusal != null) {
                return nothing(call, policy, request, refusal);
            }
            store(data, cooldown(data).started());
            data.putObject("adjusting").put("reason", type + " : " + Py.str(adjustment)).set("cooldown", cooldown);
            call.row().data = HearthJson.write(data);
            ResourceRuntime row = call.row();
            row.action = Action.UPDATE;
            row.status = Status.IN_PROGRESS;
            row.statusReason = "state changed";
            row.startedAt = Instant.now();
            row.updatedAt = row.startedAt;
            List<GroupStep> steps = List.of(new GroupStep(plan.members(existing(row, members), size, 0,
                    ShortIds::generate), 0));
            return signalled(call, policy, request).chain(() -> events.resourceStatus(call.stack(), row))
                    .chain(() -> run(call, steps, true));
        });
    }

    /** A signal that changes nothing: its reason as the policy's SIGNAL event (the group's when no policy). */
    private Uni<Outcome> nothing(ResourceCall call, ResourceRuntime policy, ScalingRequested request, String reason) {
        return events.signalEvent(call.stack(), policy != null ? policy : call.row(), reason)
                .replaceWith((Outcome) null);
    }

    /** Heat's SIGNAL event of the policy for a signal it acted on, with Heat's text for the signal's details. */
    private Uni<Void> signalled(ResourceCall call, ResourceRuntime policy, ScalingRequested request) {
        JsonNode details = request.details();
        String reason;
        if (details == null || details.isNull()) {
            reason = "No signal details provided";
        } else if (details.isTextual()) {
            reason = details.asText();
        } else if (details.has("previous") && details.has("current") && details.has("reason")) {
            reason = "alarm state changed from " + Py.str(details.get("previous")) + " to "
                    + Py.str(details.get("current")) + " (" + Py.str(details.get("reason")) + ")";
        } else {
            reason = "Unknown";
        }
        return events.signalEvent(call.stack(), policy != null ? policy : call.row(), reason);
    }

    /** The policy the request names, or null (a request that gives its own adjustment). */
    private Uni<ResourceRuntime> policy(ResourceCall call, ScalingRequested request) {
        if (request.policyName() == null) {
            return Uni.createFrom().nullItem();
        }
        return repository.current(call.stack().id, request.policyName());
    }

    private static AutoScalingPlan valid(ResourceCall call) {
        AutoScalingPlan plan = AutoScalingPlan.of(call.properties());
        String invalid = plan.invalid();
        if (invalid != null) {
            throw new ResourceException("StackValidationFailed", invalid);
        }
        return plan;
    }

    private static Cooldown cooldown(ObjectNode data) {
        JsonNode stored = data.get("cooldown");
        if (stored == null) {
            return Cooldown.NONE;
        }
        return new Cooldown(stored.hasNonNull("end") ? Instant.parse(stored.get("end").asText()) : null,
                stored.path("reason").asText(null), stored.path("in_progress").asBoolean());
    }

    private static void store(ObjectNode data, Cooldown cooldown) {
        ObjectNode stored = data.putObject("cooldown");
        stored.put("end", cooldown.end() == null ? null : cooldown.end().toString());
        stored.put("reason", cooldown.reason());
        stored.put("in_progress", cooldown.inProgress());
    }
}
