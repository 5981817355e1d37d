package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * Heat's batched updates of a group ({@code heat/scaling/rolling_update.py}, {@code template.py}'s
 * {@code member_definitions}, the groups' {@code _get_batches} and {@code _update_timeout}): pure arithmetic
 * over sizes and member definitions.
 */
public final class RollingUpdate {

    /**
     * One batch: the group's size after it and how many members get the new definition in it (new members
     * first, then updated ones).
     */
    public record Batch(int capacity, int newMembers) {
    }

    /** A member's name and its definition ({@code {type, properties, metadata}}). */
    public record Definition(String name, JsonNode definition) {
    }

    private RollingUpdate() {
    }

    /** {@code needs_update}: whether more batches are due. */
    static boolean needsUpdate(int target, int current, int upToDate) {
        return !(upToDate >= current && current == target);
    }

    /** {@code next_batch}: the size after the next batch and how many members it brings up to date. */
    static Batch nextBatch(int target, int current, int upToDate, int batchSize, int minInService) {
        int effectiveMin = Math.min(minInService, Math.min(target, current));
        int effectiveBatch = Math.min(batchSize, Math.max(target - upToDate, 0));
        int capacity = effectiveBatch + Math.max(Math.min(current, target - effectiveBatch), effectiveMin);
        return new Batch(capacity, effectiveBatch);
    }

    /**
     * ResourceGroup's {@code _get_batches}: members beyond both sizes that a batch creates only to remove
     * them later do not count as up to date.
     */
    public static List<Batch> resourceGroupBatches(int target, int current, int batchSize, int minInService) {
        return batches(target, current, batchSize, minInService, true);
    }

    /** The scaling groups' {@code _get_batches} (InstanceGroup, AutoScalingGroup): every new member counts. */
    public static List<Batch> scalingGroupBatches(int target, int current, int batchSize, int minInService) {
        return batches(target, current, batchSize, minInService, false);
    }

    private static List<Batch> batches(int target, int current, int batchSize, int minInService,
            boolean surplusPending) {
        List<Batch> batches = new ArrayList<>();
        int updated = 0;
        int capacity = current;
        while (needsUpdate(target, capacity, updated)) {
            Batch batch = nextBatch(target, capacity, updated, batchSize, minInService);
            batches.add(batch);
            int surplus = surplusPending ? Math.max(batch.capacity() - Math.max(capacity, target), 0) : 0;
            updated += batch.newMembers() - surplus;
            capacity = batch.capacity();
        }
        return batches;
    }

    /**
     * {@code _update_timeout}: the seconds left for the batches' updates once the pauses between them are
     * taken from the stack's timeout; refused as Heat refuses it when the pauses alone use it up.
     *
     * @throws IllegalArgumentException with Heat's message
     */
    public static double updateTimeoutSeconds(int batchCount, double pauseSeconds, long stackTimeoutSeconds) {
        double totalPause = pauseSeconds * Math.max(batchCount - 1, 0);
        if (totalPause >= stackTimeoutSeconds) {
            throw new IllegalArgumentException("The current update policy will result in stack update timeout.");
        }
        return stackTimeoutSeconds - totalPause;
    }

    /**
     * {@code member_definitions}: the group's members for the next change. {@code old} is sorted in the order
     * members go (the first is replaced or removed first); members are added or removed to make {@code size},
     * and {@code newCount} members (new ones included) get the new definition.
     *
     * @param customise the definition a given member gets from the group's definition ({@code %index%})
     */
    public static List<Definition> memberDefinitions(List<Definition> old, JsonNode newDefinition, int size,
            int newCount, Supplier<String> newName, BiFunction<String, JsonNode, JsonNode> customise) {
        List<Definition> kept = old.subList(Math.max(old.size() - size, 0), old.size());
        int create = size - kept.size();
        int replace = newCount - create;
        List<Definition> result = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            if (i < kept.size()) {
                Definition member = kept.get(i);
                JsonNode custom = customise.apply(member.name(), newDefinition);
                if (!member.definition().equals(custom) && replace > 0) {
                    replace--;
                    result.add(new Definition(member.name(), custom));
                } else {
                    result.add(member);
                }
            } else {
                String name = newName.get();
                result.add(new Definition(name,
                        customise.apply(name, newDefinition)));
            }
        }
        return result;
    }
}
