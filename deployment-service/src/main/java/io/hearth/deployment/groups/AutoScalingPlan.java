package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * {@code OS::Heat::AutoScalingGroup} ({@code autoscaling_group.py} and the AWS group and InstanceGroup it
 * extends) as pure computation: its sizes, the members a create or resize gives (random short names; a
 * shrink removes failed members first, then the oldest), and the rolling replacement of {@code
 * rolling_updates} when {@code resource} changes.
 *
 * @param minSize         {@code min_size}
 * @param maxSize         {@code max_size}
 * @param desiredCapacity {@code desired_capacity}, may be null
 * @param cooldown        {@code cooldown} (seconds), may be null
 * @param resource        {@code resource}: the member's HOT resource definition
 * @param rollingUpdates  {@code rolling_updates}, with Heat's defaults
 */
public record AutoScalingPlan(int minSize, int maxSize, Integer desiredCapacity, JsonNode cooldown, JsonNode resource,
        BatchPolicy rollingUpdates) {

    /** The plan of a group's properties. */
    public static AutoScalingPlan of(JsonNode properties) {
        JsonNode desired = properties.get("desired_capacity");
        BatchPolicy rolling = BatchPolicy.of(properties.get("rolling_updates"));
        return new AutoScalingPlan(BatchPolicy.intOr(properties.get("min_size"), 0),
                BatchPolicy.intOr(properties.get("max_size"), 0),
                desired == null || desired.isNull() ? null : BatchPolicy.intOr(desired, 0),
                properties.get("cooldown"), properties.path("resource"),
                rolling == null ? new BatchPolicy(0, 1, 0) : rolling);
    }

    /** Heat's {@code validate}: null when the sizes fit, else its message. */
    public String invalid() {
        if (maxSize < minSize) {
            return "MinSize can not be greater than MaxSize";
        }
        if (minSize < 0) {
            return "The size of AutoScalingGroup can not be less than zero";
        }
        if (desiredCapacity != null && (desiredCapacity < minSize || desiredCapacity > maxSize)) {
            return "DesiredCapacity must be between MinSize and MaxSize";
        }
        return null;
    }

    /**
     * {@code child_template}: {@code desired_capacity} members, or {@code min_size} when it is absent or 0
     * (Heat tests it for truth, so 0 means "not given").
     */
    public int initialSize() {
        return desiredCapacity != null && desiredCapacity != 0 ? desiredCapacity : minSize;
    }

    /** {@code calculate_new_capacity} within this group's bounds. */
    public int newCapacity(int current, double adjustment, String adjustmentType, Integer minAdjustmentStep) {
        return Scaling.newCapacity(current, adjustment, adjustmentType, minAdjustmentStep, minSize, maxSize);
    }

    /**
     * {@code _create_template(size, replace)}: the members after a resize to {@code size}, {@code replace} of
     * them (new ones included) with the group's definition.
     *
     * @param existing every member (failed ones too) in Heat's order with its current definition
     */
    public List<RollingUpdate.Definition> members(List<RollingUpdate.Definition> existing, int size, int replace,
            Supplier<String> ids) {
        return RollingUpdate.memberDefinitions(existing, resource, size, replace, ids, (name, definition) -> definition);
    }

    /**
     * The steps of an update ({@code handle_update}): when {@code resource} changed, the members are replaced in
     * batches of {@code rolling_updates} at the current size first; then the group is resized to {@code
     * desired_capacity} (else its current size) within the new bounds.
     *
     * @param existing every member (failed ones too) in Heat's order with its current definition
     * @param healthy  how many members are not FAILED (Heat's {@code get_size})
     */
    public List<GroupStep> updateSteps(List<RollingUpdate.Definition> existing, int healthy, boolean resourceChanged,
            long stackTimeoutSeconds, Supplier<String> ids) {
        List<GroupStep> steps = new ArrayList<>();
        List<RollingUpdate.Definition> members = existing;
        if (resourceChanged) {
            int capacity = existing.size();
            int target = Math.min(desiredCapacity != null && desiredCapacity != 0 ? desiredCapacity : capacity, capacity);
            List<RollingUpdate.Batch> batches = RollingUpdate.scalingGroupBatches(target, capacity,
                    rollingUpdates.maxBatchSize(), rollingUpdates.minInService());
            RollingUpdate.updateTimeoutSeconds(batches.size(), rollingUpdates.pauseTime(), stackTimeoutSeconds);
            for (int i = 0; i < batches.size(); i++) {
                members = members(members, batches.get(i).capacity(), batches.get(i).newMembers(), ids);
                steps.add(new GroupStep(members, i < batches.size() - 1 ? rollingUpdates.pauseTime() : 0));
            }
        }
        int desired = desiredCapacity != null && desiredCapacity != 0 ? desiredCapacity : healthy;
        steps.add(new GroupStep(members(members, newCapacity(healthy, desired, Scaling.EXACT_CAPACITY, null), 0, ids), 0));
        return steps;
    }
}
