package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Action;
import io.hearth.deployment.spi.NestedStackService;
import io.hearth.deployment.spi.NestedStackService.NestedStack;
import io.hearth.deployment.groups.BatchPolicy;
import io.hearth.deployment.groups.GroupDocument;
import io.hearth.deployment.groups.GroupMember;
import io.hearth.deployment.groups.GroupStep;
import io.hearth.deployment.groups.ResourceGroupPlan;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceException;
import io.hearth.deployment.spi.StackPlans;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code OS::Heat::ResourceGroup}: a nested stack of {@code count} members named by index ({@link
 * ResourceGroupPlan}); {@code removal_policies} name members to remove, whose names are never used again
 * ({@code removed_rsrc_list}, kept in the row's data as Heat's {@code name_blacklist}); {@code batch_create} and
 * {@code rolling_update} run as batches. Members that stay are left alone: the nested stack's update only
 * touches the ones whose definition changed.
 */
@ApplicationScoped
public class ResourceGroupHandler extends GroupHandler {

    public ResourceGroupHandler(NestedStackService nested) {
        super(nested);
    }

    /**
     * Heat's {@code ResourceGroup.handle_adopt}: its nested stack, every member at once (no {@code batch_create}), is
     * adopted from the group's part of the data.
     */
    @Override
    public Uni<Outcome> adopt(ResourceCall call) {
        return create(call);
    }

    @Override
    public Set<String> types() {
        return Set.of(GroupDocument.RESOURCE_GROUP);
    }

    @Override
    List<GroupStep> createSteps(ResourceCall call) {
        ResourceGroupPlan plan = ResourceGroupPlan.of(call.properties());
        List<String> skiplist = plan.skiplist(List.of(), false, List.of(), Map.of());
        storeSkiplist(call, skiplist);
        // Heat's handle_adopt assembles every member at once: an adopt has no batches
        BatchPolicy batches = call.action() == Action.ADOPT ? null
                : policy(call, "batch_create");
        return guarded(call, () -> plan.createSteps(skiplist, batches, stackTimeoutSeconds(call)));
    }

    @Override
    List<GroupStep> updateSteps(ResourceCall call, NestedStack current) {
        ResourceGroupPlan plan = ResourceGroupPlan.of(call.properties());
        List<GroupMember> members = members(current);
        Map<String, String> refs = new LinkedHashMap<>();
        members.forEach(m -> refs.put(m.name(), m.referenceId()));
        List<String> skiplist = plan.skiplist(skiplist(call), current != null, refs.keySet(), refs);
        storeSkiplist(call, skiplist);
        boolean resourceDefChanged = call.previous() == null
                || !call.properties().path("resource_def").equals(call.previous().path("resource_def"));
        Set<String> failed = members.stream().filter(GroupMember::failed).map(GroupMember::name)
                .collect(Collectors.toSet());
        List<io.hearth.deployment.groups.RollingUpdate.Definition> existing = existing(call.row(), members);
        return guarded(call, () -> plan.updateSteps(skiplist, existing, failed, resourceDefChanged,
                policy(call, "rolling_update"), stackTimeoutSeconds(call)));
    }

    @Override
    ObjectNode document(ResourceCall call, NestedStack stack) {
        ResourceGroupPlan plan = ResourceGroupPlan.of(call.properties());
        List<String> skiplist = skiplist(call);
        Map<String, GroupMember> byName = new LinkedHashMap<>();
        members(stack).forEach(m -> byName.put(m.name(), m));
        List<GroupMember> ordered = new ArrayList<>();
        for (String name : ResourceGroupPlan.names(skiplist, plan.count())) {
            GroupMember member = byName.get(name);
            if (member != null) {
                ordered.add(member);
            }
        }
        return GroupDocument.of(GroupDocument.RESOURCE_GROUP, call.name(), ordered, skiplist);
    }

    /** The group's update policy of that name ({@code batch_create}, {@code rolling_update}), or null. */
    static BatchPolicy policy(ResourceCall call, String name) {
        return StackPlans.planOf(call.stack()).resources().stream().filter(r -> r.name().equals(call.name()))
                .findFirst().map(r -> BatchPolicy.of(r.updatePolicy() == null ? null : r.updatePolicy().get(name)))
                .orElse(null);
    }

    /** Heat's refusal of a policy whose pauses outlast the stack's timeout, as the resource's failure. */
    static List<GroupStep> guarded(ResourceCall call, java.util.function.Supplier<List<GroupStep>> steps) {
        try {
            return steps.get();
        } catch (IllegalArgumentException e) {
            throw new ResourceException("ValueError", e.getMessage());
        }
    }

    private static List<String> skiplist(ResourceCall call) {
        List<String> names = new ArrayList<>();
        data(call.row()).path("name_blacklist").forEach(n -> names.add(n.asText()));
        return names;
    }

    private static void storeSkiplist(ResourceCall call, List<String> skiplist) {
        ObjectNode data = data(call.row());
        ArrayNode list = data.putArray("name_blacklist");
        skiplist.forEach(list::add);
        call.row().data = HearthJson.write(data);
    }
}
