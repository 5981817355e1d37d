package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.membership.v1.MembershipChanged;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.spi.NestedStackService;
import io.hearth.deployment.spi.NestedStackService.NestedStack;
import io.hearth.deployment.groups.GroupMember;
import io.hearth.deployment.groups.GroupMembership;
import io.hearth.deployment.groups.GroupStep;
import io.hearth.deployment.groups.GroupTemplates;
import io.hearth.deployment.groups.RollingUpdate;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.Signal;
import io.hearth.deployment.spi.StackPlans;
import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.jboss.logging.Logger;

/**
 * What every group shares (Heat's {@code StackResource} as the groups use it): the group owns a nested stack
 * ({@link NestedStackService}) whose template it generates, and a create or update is a list of {@link GroupStep}s, each
 * a template the nested stack is brought to, with Heat's pause between batches. The steps still to run, the pause
 * and the template last given are kept in the row's {@code data} ({@code steps}, {@code pause_until},
 * {@code template}), so a step survives a restart. When the last step completes, the group's attributes are
 * computed from the nested stack's rows ({@link #completed}).
 */
abstract class GroupHandler implements NestedStackSweeps {

    static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    final NestedStackService nested;

    GroupHandler(NestedStackService nested) {
        this.nested = nested;
    }

    /** For the container's client proxies of the subclasses. */
    GroupHandler() {
        this(null);
    }

    /** The steps of a create. */
    abstract List<GroupStep> createSteps(ResourceCall call);

    /** The steps of an update in place, given the nested stack as it is (null when the group has none). */
    abstract List<GroupStep> updateSteps(ResourceCall call, NestedStack current);

    /** The group's attributes once its nested stack completed. */
    abstract ObjectNode document(ResourceCall call, NestedStack stack);

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return Uni.createFrom().deferred(() -> run(call, createSteps(call), false));
    }

    @Override
    public Uni<Outcome> update(ResourceCall call) {
        return nested.read(call).chain(current -> run(call, updateSteps(call, current), true));
    }

    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        return nested.delete(call);
    }

    /**
     * Always (Heat's {@code StackResource._needs_update}): the nested stack is updated on every update of the
     * group, and its members decide whether they change (a member that is a template resource whose file changed
     * updates although the group's properties did not).
     */
    @Override
    public boolean changedBeyondProperties(ResourceCall call) {
        return true;
    }

    /** A rolling update's batches keep the old members' templates (Heat's {@code get_child_template_files}). */
    @Override
    public boolean keepsPreviousFiles(ResourceCall call) {
        return call.action() == io.hearth.contracts.stack.Action.UPDATE
                && ResourceGroupHandler.policy(call, "rolling_update") != null;
    }

    @Override
    public NestedStackService nestedStacks() {
        return nested;
    }

    @Override
    public Uni<Outcome> resume(ResourceCall call) {
        ObjectNode data = data(call.row());
        if (data.hasNonNull("pause_until")) {
            Instant until = Instant.parse(data.get("pause_until").asText());
            if (Instant.now().isBefore(until)) {
                return Uni.createFrom().item(new Outcome.Waiting(until));
            }
            data.remove("pause_until");
            call.row().data = HearthJson.write(data);
            return next(call);
        }
        return settled(call).chain(outcome -> proceed(call, outcome));
    }

    @Override
    public Uni<Outcome> signal(ResourceCall call, Signal signal) {
        if (signal instanceof Signal.Membership membership) {
            return Uni.createFrom().item(membership(call, membership.event()));
        }
        if (!(signal instanceof Signal.NestedSettled)) {
            return NestedStackSweeps.super.signal(call, signal);
        }
        return settled(call).chain(outcome -> proceed(call, outcome))
                .map(outcome -> outcome instanceof Outcome.Waiting waiting && waiting.until() == null ? null : outcome);
    }

    /**
     * A group's new membership generation (the notifier's {@code MembershipChanged}): kept on the group's row as its
     * {@code members} and {@code members_generation} attributes, so what reads them is contextualized. A generation
     * not newer than the one kept (a redelivery, a late event) changes nothing.
     */
    private static Outcome membership(ResourceCall call, MembershipChanged changed) {
        ResourceRuntime group = call.row();
        if (changed.generation() <= GroupMembership.generation(group)) {
            return null;
        }
        group.membership = GroupMembership.of(changed);
        Logger.getLogger(GroupHandler.class).infof("stack %s (%s): group %s has %d members (generation %d)",
                call.stack().name, call.stack().id, group.name, changed.members().size(), changed.generation());
        return new Outcome.Changed();
    }

    @Override
    public Outcome.Complete completed(ResourceCall call, NestedStack stack) {
        return Outcome.complete(stack.id(), document(call, stack));
    }

    /** Stores the steps and brings the nested stack to the first one. */
    Uni<Outcome> run(ResourceCall call, List<GroupStep> steps, boolean update) {
        ObjectNode data = data(call.row());
        ArrayNode pending = data.putArray("steps");
        steps.forEach(step -> pending.addObject().put("pause", step.pauseSeconds()).set("template", step.template()));
        data.remove("pause_until");
        call.row().data = HearthJson.write(data);
        return next(call, update || call.row().physicalId != null);
    }

    private Uni<Outcome> next(ResourceCall call) {
        return next(call, true);
    }

    /** Takes the next step: its template to the nested stack; the outcome once it settles. */
    private Uni<Outcome> next(ResourceCall call, boolean exists) {
        ObjectNode data = data(call.row());
        ArrayNode pending = (ArrayNode) data.withArray("steps");
        JsonNode step = pending.remove(0);
        data.set("template", step.get("template"));
        data.put("pause", step.path("pause").asDouble());
        call.row().data = HearthJson.write(data);
        Uni<Outcome> started = exists
                ? nested.update(call, step.get("template"), null, null, null, this)
                : nested.create(call, step.get("template"), null, null, null, this);
        return started.chain(outcome -> proceed(call, outcome));
    }

    /** Where the nested stack's current step stands ({@link NestedStackService#settled}). */
    private Uni<Outcome> settled(ResourceCall call) {
        return nested.settled(call, this);
    }

    /**
     * After a step settled: the next step, after its pause, when there is one and this one completed; else the
     * outcome as it is. The next step always runs in an engine step of its own, woken by the resource timer, even
     * with no pause ({@code pause_time: 0}): the nested stack's rows must be read again once this step's changes
     * (a replaced member removed) are committed, not taken from the step that made them.
     */
    Uni<Outcome> proceed(ResourceCall call, Outcome outcome) {
        ObjectNode data = data(call.row());
        if (!(outcome instanceof Outcome.Complete) || data.path("steps").isEmpty()) {
            return Uni.createFrom().item(outcome);
        }
        double pause = data.path("pause").asDouble();
        Instant until = Instant.now().plus(Duration.ofMillis((long) (pause * 1000)));
        data.put("pause_until", until.toString());
        call.row().data = HearthJson.write(data);
        return Uni.createFrom().item(new Outcome.Waiting(until));
    }

    /** The template the nested stack was last given, as member definitions; empty before the first. */
    static List<RollingUpdate.Definition> lastMembers(ResourceRuntime row) {
        JsonNode template = data(row).get("template");
        return template == null ? List.of() : GroupTemplates.members(template);
    }

    /** Every member (failed ones too) in Heat's order with the definition the group gave it last. */
    static List<RollingUpdate.Definition> existing(ResourceRuntime row, List<GroupMember> members) {
        java.util.Map<String, JsonNode> definitions = new java.util.LinkedHashMap<>();
        lastMembers(row).forEach(d -> definitions.put(d.name(), d.definition()));
        List<RollingUpdate.Definition> existing = new ArrayList<>();
        members.stream().filter(m -> definitions.containsKey(m.name()))
                .forEach(m -> existing.add(new RollingUpdate.Definition(m.name(), definitions.get(m.name()))));
        return existing;
    }

    /** The nested stack's members that are current (not superseded by a replacement), in Heat's order. */
    static List<GroupMember> members(NestedStack stack) {
        List<GroupMember> members = new ArrayList<>();
        if (stack == null) {
            return members;
        }
        for (ResourceRuntime row : stack.rows()) {
            if (!row.replaced) {
                members.add(new GroupMember(row.name, row.status == Status.FAILED, row.createdAt,
                        row.referenceId != null ? row.referenceId : row.name,
                        row.attributes == null ? JSON.objectNode() : HearthJson.readTree(row.attributes)));
            }
        }
        members.sort(GroupMember.ORDER);
        return members;
    }

    /** The row's private data as an object (a copy: write it back with {@code row.data = ...}). */
    static ObjectNode data(ResourceRuntime row) {
        if (row.data == null) {
            return JSON.objectNode();
        }
        JsonNode data = HearthJson.readTree(row.data);
        return data.isObject() ? (ObjectNode) data : JSON.objectNode();
    }

    /** The stack's timeout in seconds (its {@code timeout_mins}, else Heat's default of an hour). */
    static long stackTimeoutSeconds(ResourceCall call) {
        Integer minutes = StackPlans.planOf(call.stack()).timeoutMins();
        return minutes == null ? 3600 : minutes * 60L;
    }
}
