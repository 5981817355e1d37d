package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.deployment.spi.NestedStackService;
import io.hearth.deployment.spi.NestedStackService.NestedStack;
import io.hearth.deployment.groups.GroupDocument;
import io.hearth.deployment.groups.GroupMember;
import io.hearth.deployment.groups.GroupStep;
import io.hearth.deployment.groups.ResourceChainPlan;
import io.hearth.deployment.groups.RollingUpdate;
import io.hearth.deployment.spi.ResourceCall;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code OS::Heat::ResourceChain}: a nested stack of one member per type in {@code resources}, named by index
 * ({@link ResourceChainPlan}). A create or an update is one step, the nested stack brought to the new chain
 * (Heat's {@code create_with_template} and {@code update_with_template}): an added type adds a member, a removed
 * one deletes the member of the highest index, a changed type replaces its member. {@code concurrent} and
 * {@code resource_properties} are not {@code update_allowed}, so their change replaces the whole chain.
 */
@ApplicationScoped
public class ResourceChainHandler extends GroupHandler {

    public ResourceChainHandler(NestedStackService nested) {
        super(nested);
    }

    @Override
    public Set<String> types() {
        return Set.of(GroupDocument.RESOURCE_CHAIN);
    }

    @Override
    List<GroupStep> createSteps(ResourceCall call) {
        return List.of(new GroupStep(ResourceChainPlan.members(call.properties()), 0));
    }

    @Override
    List<GroupStep> updateSteps(ResourceCall call, NestedStack current) {
        return createSteps(call);
    }

    @Override
    ObjectNode document(ResourceCall call, NestedStack stack) {
        Map<String, GroupMember> byName = members(stack).stream()
                .collect(Collectors.toMap(GroupMember::name, m -> m));
        List<GroupMember> ordered = new ArrayList<>();
        for (RollingUpdate.Definition member : ResourceChainPlan.members(call.properties())) {
            if (byName.containsKey(member.name())) {
                ordered.add(byName.get(member.name()));
            }
        }
        return GroupDocument.of(GroupDocument.RESOURCE_CHAIN, call.name(), ordered, List.of());
    }
}
