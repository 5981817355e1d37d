package io.hearth.hot.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.types.ResourceTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What a stack update would do to each resource, as Heat's update preview says it
 * ({@code heat/engine/update.py}, {@code StackUpdate.preview}): a resource only in the new plan is
 * added, one only in the current plan deleted; one whose type changes is replaced, as is one whose
 * changed properties include one that cannot change in place (the resource-type catalogue's
 * {@code update_allowed}: {@link ResourceTypes#updatesInPlace}, which the engine asks too); one whose
 * properties, metadata or deletion policy change otherwise is updated; the rest are unchanged.
 *
 * @param unchanged names in the new plan's order
 * @param updated   names in the new plan's order
 * @param replaced  names in the new plan's order
 * @param added     names in the new plan's order
 * @param deleted   names in the current plan's order
 */
public record PlanDiff(List<String> unchanged, List<String> updated, List<String> replaced, List<String> added,
        List<String> deleted) {

    /** Compares the current plan with the new one. */
    public static PlanDiff between(StackPlan current, StackPlan next) {
        Map<String, PlannedResource> before = byName(current);
        Map<String, PlannedResource> after = byName(next);
        List<String> unchanged = new ArrayList<>();
        List<String> updated = new ArrayList<>();
        List<String> replaced = new ArrayList<>();
        List<String> added = new ArrayList<>();
        for (PlannedResource resource : next.resources()) {
            PlannedResource old = before.get(resource.name());
            if (old == null) {
                added.add(resource.name());
            } else if (!old.type().equals(resource.type())) {
                replaced.add(resource.name());
            } else {
                Set<String> changed = ResourceTypes.changedProperties(shown(old), shown(resource));
                // a template resource's nested stack is always updated in place (Heat's StackResource._needs_update)
                if (resource.template() == null && !ResourceTypes.heat().updatesInPlace(resource.type(), changed)) {
                    replaced.add(resource.name());
                } else if (!changed.isEmpty() || !Objects.equals(old.properties(), resource.properties())
                        || !Objects.equals(old.metadata(), resource.metadata())
                        || !Objects.equals(old.deletionPolicy(), resource.deletionPolicy())) {
                    updated.add(resource.name());
                } else {
                    unchanged.add(resource.name());
                }
            }
        }
        List<String> deleted = current.resources().stream().map(PlannedResource::name)
                .filter(name -> !after.containsKey(name)).toList();
        return new PlanDiff(unchanged, updated, replaced, added, deleted);
    }

    /** The resource's properties as the preview shows them: every property of its type, defaults applied. */
    private static JsonNode shown(PlannedResource resource) {
        return JsonNodeFactory.instance.objectNode().setAll(PreviewValues.properties(resource));
    }

    private static Map<String, PlannedResource> byName(StackPlan plan) {
        Map<String, PlannedResource> resources = new LinkedHashMap<>();
        plan.resources().forEach(resource -> resources.put(resource.name(), resource));
        return resources;
    }
}
