package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.hot.CfnOutline;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackResourceState;
import io.hearth.template.repository.StackResourceRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Writes the resources read model: a plan's resources as INIT_COMPLETE with what depends on
 * them, then each status deployment-service reports. Both run inside the caller's transaction.
 */
@ApplicationScoped
public class StackResources {

    private final StackResourceRepository rowWriter;

    public StackResources(StackResourceRepository rowWriter) {
        this.rowWriter = rowWriter;
    }

    /**
     * Records the resources a plan holds: new ones as INIT_COMPLETE, known ones keep their
     * status; the type (as the template names it, as Heat shows it: an alias the environment's
     * {@code resource_registry} maps stays the alias), metadata, description, order and
     * {@code required_by} of each follow the plan, and a resource the plan no longer holds is required by nothing (it disappears once
     * deployment-service reports it DELETE_COMPLETE). Call it in the transaction that stores the
     * stack (create) or its new template (update), after the stack row exists.
     */
    public Uni<Void> planned(Stack stack, StackPlan plan) {
        Map<String, List<String>> requiredBy = requiredBy(plan);
        JsonNode templateResources = stack.template == null ? HearthJson.mapper().createObjectNode()
                : CfnOutline.hot(HearthJson.readTree(stack.template)).path("resources");
        Instant now = Instant.now();
        return StackResourceState.ofStack(stack.id).chain(rows -> {
            Map<String, StackResourceState> known = rows.stream()
                    .collect(Collectors.toMap(r -> r.name, Function.identity(), (a, b) -> a, LinkedHashMap::new));
            List<StackResourceState> added = new ArrayList<>();
            List<PlannedResource> resources = plan.resources();
            for (int i = 0; i < resources.size(); i++) {
                PlannedResource planned = resources.get(i);
                StackResourceState row = known.remove(planned.name());
                if (row == null) {
                    row = newRow(stack.id, planned.name(), now);
                    row.action = Action.INIT;
                    row.status = Status.COMPLETE;
                    row.statusReason = "";
                    added.add(row);
                }
                row.resourceType = templateResources.path(planned.name()).path("type").asText(planned.type());
                row.position = i;
                row.requiredBy = HearthJson.write(requiredBy.getOrDefault(planned.name(), List.of()));
                row.metadata = planned.metadata() == null || planned.metadata().isNull() ? null
                        : HearthJson.write(planned.metadata());
                row.description = templateResources.path(planned.name()).path("description").asText("");
            }
            known.values().forEach(gone -> gone.requiredBy = "[]");
            return rowWriter.insert(added);
        });
    }

    /**
     * Applies a status deployment-service reported: the latest wins. DELETE_COMPLETE removes the
     * resource unless the whole stack is being deleted (then it stays to show how the stack
     * ended); a DELETE of another physical resource than the one shown (the predecessor of a
     * replacement) only goes to the event history, as does an event that leaves the resource's state
     * as it was ({@code eventOnly}: an update {@code restricted_actions} refused, and a {@code SIGNAL} event: Heat adds a signal's event
     * without changing the resource's state). A planned resource keeps the type its template
     * names (deployment-service reports the type the environment mapped it to).
     *
     * @param rows   the stack's resource rows by name, as the caller holds them (a batch of events reads them
     *               once): a row made or removed here is put into or taken out of it
     * @param writes where the row made, changed or removed is noted, for the caller to write
     * @return the resource's type as the read model shows it, for its event
     */
    public static String statusChanged(Stack stack, Map<String, StackResourceState> rows, ResourceStatusChanged change,
            Instant time, StackResourceRepository.Writes writes) {
        StackResourceState row = rows.get(change.resourceName());
        applied(stack, rows, row, change, time, writes);
        return row == null || !isSet(row.resourceType) ? change.resourceType() : row.resourceType;
    }

    /** What {@link #statusChanged} does to the row, to {@code rows} (a row made, a row removed) and to the writes. */
    private static void applied(Stack stack, Map<String, StackResourceState> rows, StackResourceState row,
            ResourceStatusChanged change, Instant time, StackResourceRepository.Writes writes) {
        if (change.onlyAnEvent() || ResourceStatusChanged.SIGNAL.equals(change.action())) {
            return; // history only: the resource stays as it was
        }
        boolean delete = Action.DELETE.is(change.action());
        if (row != null && delete && isSet(row.physicalResourceId)
                && !Objects.equals(row.physicalResourceId, change.physicalResourceId())) {
            // another incarnation than the one shown: a replaced predecessor, or a failed replacement that never
            // got a physical id (the resource shown has one)
            return;
        }
        if (delete && Status.COMPLETE.is(change.status()) && stack.action != Action.DELETE) {
            if (row != null) {
                rows.remove(row.name);
                writes.removed(row);
            }
            return;
        }
        StackResourceState target = row;
        if (target == null) {
            target = newRow(stack.id, change.resourceName(), time);
            target.position = Integer.MAX_VALUE;
            target.resourceType = "";
            rows.put(target.name, target);
            writes.made(target);
        }
        apply(target, change, time);
        writes.changed(target);
    }

    private static void apply(StackResourceState row, ResourceStatusChanged change, Instant time) {
        if (change.resourceType() != null && !isSet(row.resourceType)) {
            row.resourceType = change.resourceType();
        }
        if (change.physicalResourceId() != null) {
            row.physicalResourceId = change.physicalResourceId();
        }
        row.action = Action.valueOf(change.action());
        row.status = Status.valueOf(change.status());
        row.statusReason = change.statusReason();
        row.updatedAt = time;
        if (change.attributes() != null) {
            ObjectNode attributes = HearthJson.mapper().createObjectNode();
            change.attributes().forEach(attributes::set);
            row.attributes = HearthJson.write(attributes);
        }
    }

    /**
     * A rollback put the stack's previous template back ({@link StackDefinitions#restorePrevious}): the resources the
     * rolled-back update planned and never started (INIT_COMPLETE) that that template does not hold go, as Heat's
     * rollback traversal removes them; the others go when deployment-service reports them deleted.
     */
    public static void rolledBack(Stack stack, Map<String, StackResourceState> rows,
            StackResourceRepository.Writes writes) {
        JsonNode resources = stack.template == null ? HearthJson.mapper().createObjectNode()
                : CfnOutline.hot(HearthJson.readTree(stack.template)).path("resources");
        List<StackResourceState> unstarted = rows.values().stream()
                .filter(row -> row.action == Action.INIT && !resources.has(row.name)).toList();
        unstarted.forEach(row -> {
            rows.remove(row.name);
            writes.removed(row);
        });
    }

    /** For each resource, the names of the plan's resources that depend on it, in plan order. */
    static Map<String, List<String>> requiredBy(StackPlan plan) {
        Map<String, List<String>> result = new LinkedHashMap<>();
        for (PlannedResource resource : plan.resources()) {
            for (String dependency : resource.dependsOn()) {
                List<String> dependents = result.computeIfAbsent(dependency, k -> new ArrayList<>());
                if (!dependents.contains(resource.name())) {
                    dependents.add(resource.name());
                }
            }
        }
        return result;
    }

    private static StackResourceState newRow(UUID stackId, String name, Instant createdAt) {
        StackResourceState row = new StackResourceState();
        row.id = UUID.randomUUID();
        row.stackId = stackId;
        row.name = name;
        row.requiredBy = "[]";
        row.createdAt = createdAt;
        return row;
    }

    private static boolean isSet(String value) {
        return value != null && !value.isEmpty();
    }
}
