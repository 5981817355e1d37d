package io.hearth.hot.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.hot.types.ResourceType;
import io.hearth.hot.types.ResourceTypes;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a stack update would do to each resource, as Heat's update preview says it
 * ({@code heat/engine/update.py}, {@code StackUpdate.preview}): a resource only in the new plan is
 * added, one only in the current plan deleted; one whose type changes is replaced, as is one whose
 * changed properties include one that cannot change in place (the resource-type catalogue's
 * {@code update_allowed} and the type's own {@code needs_replace_with_prop_diff}:
 * {@link ResourceTypes#updatesInPlace(String, JsonNode, JsonNode)}, which the engine asks too); one that owns a
 * nested stack (a template resource, a group, {@code OS::Heat::Stack}) is otherwise always updated, as Heat's
 * {@code StackResource._needs_update} says, and an {@code OS::Heat::None} never; any other whose properties,
 * metadata or deletion policy change is updated; the rest are unchanged. The resources of nested stacks are
 * {@link NestedPlanDiff}'s.
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
            } else if (!old.type().equals(resource.type()) || replaces(old, resource)) {
                replaced.add(resource.name());
            } else if (updates(old, resource)) {
                updated.add(resource.name());
            } else {
                unchanged.add(resource.name());
            }
        }
        List<String> deleted = current.resources().stream().map(PlannedResource::name)
                .filter(name -> !after.containsKey(name)).toList();
        return new PlanDiff(unchanged, updated, replaced, added, deleted);
    }

    /**
     * Whether the change replaces the resource: one of its changed properties is not {@code update_allowed}, or its
     * type's own rule says so. A template resource takes every change in place, an {@code OS::Heat::None} is never
     * touched.
     */
    private static boolean replaces(PlannedResource old, PlannedResource resource) {
        return resource.template() == null && updateCheck(resource) != ResourceType.UpdateCheck.NEVER
                && !ResourceTypes.heat().updatesInPlace(resource.type(), shown(old), shown(resource));
    }

    /** Whether the resource takes an update in place (Heat's {@code _needs_update}), once it is not replaced. */
    private static boolean updates(PlannedResource old, PlannedResource resource) {
        return switch (updateCheck(resource)) {
            case ALWAYS -> true;
            case NEVER -> false;
            case CHANGED -> !ResourceTypes.changedProperties(shown(old), shown(resource)).isEmpty()
                    || !Objects.equals(old.properties(), resource.properties())
                    || !Objects.equals(old.metadata(), resource.metadata())
                    || !Objects.equals(old.deletionPolicy(), resource.deletionPolicy());
        };
    }

    /** A template resource owns a nested stack as a group does. */
    private static ResourceType.UpdateCheck updateCheck(PlannedResource resource) {
        return resource.template() != null ? ResourceType.UpdateCheck.ALWAYS
                : ResourceTypes.heat().updateCheck(resource.type());
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
