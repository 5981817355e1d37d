package io.hearth.deployment.groups;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.plan.GroupMemberDefinition;
import io.hearth.hot.py.Py;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code OS::Heat::ResourceGroup} ({@code resource_group.py}) as pure computation: the names of the members
 * (indices {@code "0"}, {@code "1"}, ... skipping the removed ones, never reused), each member's definition
 * ({@code index_var} replaced in every string of its properties), the skiplist that {@code removal_policies}
 * build, and the steps a create or update takes (one template, or Heat's batches for {@code batch_create}
 * and {@code rolling_update}).
 *
 * @param count        {@code count}
 * @param indexVar     {@code index_var}
 * @param resourceDef  {@code resource_def}: {@code type}, {@code properties}, {@code metadata}
 * @param removalNames every entry of every {@code removal_policies[].resource_list}, in order
 * @param updateMode   whether {@code removal_policies_mode} is {@code update} (the list replaces the stored one)
 */
public record ResourceGroupPlan(int count, String indexVar, JsonNode resourceDef, List<JsonNode> removalNames,
        boolean updateMode) {

    /** The plan of a group's properties (as stored, defaults applied or not). */
    public static ResourceGroupPlan of(JsonNode properties) {
        List<JsonNode> removal = new ArrayList<>();
        properties.path("removal_policies").forEach(policy -> policy.path("resource_list").forEach(removal::add));
        JsonNode indexVar = properties.get("index_var");
        return new ResourceGroupPlan(BatchPolicy.intOr(properties.get("count"), 1),
                indexVar == null || indexVar.isNull() ? "%index%" : indexVar.asText(),
                properties.path("resource_def"), removal,
                "update".equals(properties.path("removal_policies_mode").asText("append")));
    }

    /**
     * {@code _update_name_skiplist}: the names never to use again after this create or update, sorted as
     * Heat stores them (as strings: {@code "10"} before {@code "2"}). A listed name counts when it is already
     * skipped, when the group has no nested stack yet, or when it is a member (failed ones too); any other
     * string counts when it is a member's reference id ({@code refs_map}); anything else is dropped.
     *
     * @param current the stored skiplist
     * @param created whether the group has its nested stack (Heat's {@code resource_id})
     * @param members the current members' names, failed ones included
     * @param refsMap the current members' reference ids by name
     */
    public List<String> skiplist(Collection<String> current, boolean created, Collection<String> members,
            Map<String, String> refsMap) {
        Set<String> result = new TreeSet<>(updateMode ? Set.of() : current);
        for (JsonNode entry : removalNames) {
            String name = Py.str(entry);
            if (current.contains(name) || !created || members.contains(name)) {
                result.add(name);
            } else if (entry.isTextual()) {
                refsMap.entrySet().stream().filter(ref -> name.equals(ref.getValue())).findFirst()
                        .ifPresent(ref -> result.add(ref.getKey()));
            }
        }
        return new ArrayList<>(result);
    }

    /** {@code _resource_names}: the first {@code size} indices that are not skipped. */
    public static List<String> names(Collection<String> skiplist, int size) {
        List<String> names = new ArrayList<>(size);
        for (int i = 0; names.size() < size; i++) {
            String name = Integer.toString(i);
            if (!skiplist.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }

    /**
     * {@code build_resource_definition}: the member's {@code {type, properties, metadata}} with {@code
     * index_var} replaced by its name in every string of the properties (not in keys, not in metadata, as
     * Heat does), properties whose value is null left out ({@code _clean_props}).
     */
    public JsonNode memberDefinition(String name) {
        return memberDefinition(resourceDef, indexVar, name);
    }

    static JsonNode memberDefinition(JsonNode resourceDef, String indexVar, String name) {
        return GroupMemberDefinition.of(resourceDef, indexVar, name);
    }

    /** The definitions of the given members ({@code _assemble_nested}). */
    public List<RollingUpdate.Definition> definitions(List<String> names) {
        return names.stream().map(n -> new RollingUpdate.Definition(n, memberDefinition(n))).toList();
    }

    /**
     * The steps of a create ({@code handle_create}): one template of {@code count} members, or with a
     * {@code batch_create} policy Heat's batches from nothing, {@code max_batch_size} more members each,
     * {@code pause_time} between them.
     */
    public List<GroupStep> createSteps(List<String> skiplist, BatchPolicy batchCreate, long stackTimeoutSeconds) {
        if (batchCreate == null || count == 0) {
            return List.of(new GroupStep(definitions(names(skiplist, count)), 0));
        }
        return batches(skiplist, List.of(), 0, new BatchPolicy(0, batchCreate.maxBatchSize(), batchCreate.pauseTime()),
                stackTimeoutSeconds);
    }

    /**
     * The steps of an update ({@code handle_update}): with a {@code rolling_update} policy and a changed
     * {@code resource_def}, Heat's batches; else one template of the first {@code count} names.
     *
     * @param existing the members in Heat's order ({@link GroupMember#ORDER}) with their current definitions
     * @param failed   the names of the failed members (counted in the capacity, not updated in batches)
     */
    public List<GroupStep> updateSteps(List<String> skiplist, List<RollingUpdate.Definition> existing,
            Set<String> failed, boolean resourceDefChanged, BatchPolicy rollingUpdate, long stackTimeoutSeconds) {
        if (!resourceDefChanged || rollingUpdate == null) {
            return List.of(new GroupStep(definitions(names(skiplist, count)), 0));
        }
        List<RollingUpdate.Definition> healthy = existing.stream().filter(m -> !failed.contains(m.name())).toList();
        long skipped = healthy.stream().filter(m -> skiplist.contains(m.name())).count();
        int current = existing.size() - (int) skipped;
        return batches(skiplist, healthy, current, rollingUpdate, stackTimeoutSeconds);
    }

    private List<GroupStep> batches(List<String> skiplist, List<RollingUpdate.Definition> healthy, int current,
            BatchPolicy policy, long stackTimeoutSeconds) {
        return new GroupBatches(count, size -> names(skiplist, size), this::memberDefinition)
                .steps(healthy.stream().filter(m -> !skiplist.contains(m.name())).toList(), current, policy,
                        stackTimeoutSeconds);
    }
}
