package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.IntFunction;

/**
 * ResourceGroup's batched create and rolling update ({@code _replace}, {@code _get_batches}, {@code
 * _assemble_for_rolling_update}), shared with SoftwareDeploymentGroup, whose names are its {@code servers}
 * keys instead of indices.
 *
 * @param count      the group's size after the update
 * @param names      the group's first N member names
 * @param definition a member's definition by name
 */
public record GroupBatches(int count, IntFunction<List<String>> names, Function<String, JsonNode> definition) {

    /**
     * The steps from the current members to {@code count} members with the new definition.
     *
     * @param valid   the members that are neither FAILED nor removed, in Heat's order, with their definitions
     * @param current the current capacity (every member, failed ones too, less the removed ones)
     */
    public List<GroupStep> steps(List<RollingUpdate.Definition> valid, int current, BatchPolicy policy,
            long stackTimeoutSeconds) {
        List<RollingUpdate.Batch> batches = RollingUpdate.resourceGroupBatches(count, current, policy.maxBatchSize(),
                policy.minInService());
        RollingUpdate.updateTimeoutSeconds(batches.size(), policy.pauseTime(), stackTimeoutSeconds);
        List<GroupStep> steps = new ArrayList<>();
        List<RollingUpdate.Definition> members = valid;
        for (int i = 0; i < batches.size(); i++) {
            RollingUpdate.Batch batch = batches.get(i);
            members = forRollingUpdate(members, batch.capacity(), batch.newMembers());
            steps.add(new GroupStep(members, i < batches.size() - 1 ? policy.pauseTime() : 0));
        }
        return steps;
    }

    /**
     * {@code _assemble_for_rolling_update}: the members after one batch. Members that are not among the first
     * {@code capacity} names go first, then higher indices before lower ones, the ones above {@code count}
     * last; {@code newCount} of them (new members first) get the new definition.
     */
    List<RollingUpdate.Definition> forRollingUpdate(List<RollingUpdate.Definition> valid, int capacity, int newCount) {
        List<String> wanted = names.apply(capacity);
        Comparator<RollingUpdate.Definition> priority = Comparator.comparingInt(m -> {
            int index = wanted.indexOf(m.name());
            return index < 0 ? 0 : index < count ? count - index : capacity;
        });
        List<RollingUpdate.Definition> old = valid.stream().sorted(priority).toList();
        Set<String> existing = new HashSet<>();
        valid.forEach(m -> existing.add(m.name()));
        Iterator<String> fresh = wanted.stream().filter(n -> !existing.contains(n)).iterator();
        return RollingUpdate.memberDefinitions(old, JsonNodeFactory.instance.nullNode(), capacity, newCount,
                fresh::next, (name, ignored) -> definition.apply(name));
    }
}
