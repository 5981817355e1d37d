package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.deployment.spi.NestedStackService;
import io.hearth.deployment.spi.NestedStackService.NestedStack;
import io.hearth.deployment.groups.BatchPolicy;
import io.hearth.deployment.groups.DeploymentGroupPlan;
import io.hearth.deployment.groups.GroupDocument;
import io.hearth.deployment.groups.GroupMember;
import io.hearth.deployment.groups.GroupStep;
import io.hearth.deployment.spi.ResourceCall;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code OS::Heat::SoftwareDeploymentGroup} and {@code OS::Heat::StructuredDeploymentGroup} (and their deprecated
 * names {@code SoftwareDeployments}, {@code StructuredDeployments}): a nested stack of one deployment per key of
 * {@code servers} ({@link DeploymentGroupPlan}), named by the key. A key added to the map deploys to that server
 * alone; a key removed deletes its deployment, which runs its DELETE config when {@code actions} has DELETE; the
 * others are untouched unless the shared properties changed. Attributes {@code deploy_stdouts},
 * {@code deploy_stderrs}, {@code deploy_status_codes} (and any deployment output) are maps keyed like
 * {@code servers}.
 */
@ApplicationScoped
public class DeploymentGroupHandler extends GroupHandler {

    public DeploymentGroupHandler(NestedStackService nested) {
        super(nested);
    }

    @Override
    public Set<String> types() {
        return GroupDocument.DEPLOYMENT_GROUPS;
    }

    /** Its deployments run CONTEXTUALIZE (where their actions hold it) when inputs it reads changed. */
    @Override
    public boolean contextualizes() {
        return true;
    }

    @Override
    List<GroupStep> createSteps(ResourceCall call) {
        DeploymentGroupPlan plan = DeploymentGroupPlan.of(call.row().type, call.properties());
        BatchPolicy batch = ResourceGroupHandler.policy(call, "batch_create");
        return ResourceGroupHandler.guarded(call, () -> plan.steps(List.of(), 0, batch, stackTimeoutSeconds(call)));
    }

    @Override
    List<GroupStep> updateSteps(ResourceCall call, NestedStack current) {
        DeploymentGroupPlan plan = DeploymentGroupPlan.of(call.row().type, call.properties());
        List<GroupMember> members = members(current);
        List<GroupMember> healthy = members.stream().filter(m -> !m.failed()).toList();
        BatchPolicy rolling = ResourceGroupHandler.policy(call, "rolling_update");
        return ResourceGroupHandler.guarded(call, () -> plan.steps(existing(call.row(), healthy), members.size(),
                rolling, stackTimeoutSeconds(call)));
    }

    @Override
    ObjectNode document(ResourceCall call, NestedStack stack) {
        DeploymentGroupPlan plan = DeploymentGroupPlan.of(call.row().type, call.properties());
        Map<String, GroupMember> byName = new LinkedHashMap<>();
        members(stack).forEach(m -> byName.put(m.name(), m));
        List<GroupMember> ordered = new ArrayList<>();
        plan.names(plan.servers().size()).forEach(name -> {
            if (byName.containsKey(name)) {
                ordered.add(byName.get(name));
            }
        });
        return GroupDocument.of(call.row().type, call.name(), ordered, List.of());
    }
}
