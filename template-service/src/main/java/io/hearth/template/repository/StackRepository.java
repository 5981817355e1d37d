package io.hearth.template.repository;

import io.hearth.template.domain.Stack;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The stack-list query Panache lacks: Heat's filters, sort keys, marker and limit. */
@ApplicationScoped
public class StackRepository {

    /** Heat's sort keys and the columns they sort by; other keys are ignored, as Heat does. */
    private static final Map<String, String> SORT_KEYS = Map.of("stack_name", "name", "stack_status", "status",
            "creation_time", "created_at", "updated_time", "updated_at");

    /**
     * What a stack list keeps; each list holds the accepted values of one filter, empty for none.
     *
     * @param ids            stack ids
     * @param names          stack names
     * @param statuses       statuses without action (COMPLETE, FAILED, IN_PROGRESS)
     * @param actions        actions
     * @param statusReasons  status reasons
     * @param showDeleted    whether deleted stacks are listed too
     * @param showNested     whether nested stacks are listed too (Heat's {@code show_nested})
     * @param parents        parent stack ids (Heat's {@code owner_id}; without {@code showNested} nothing matches,
     *                       as in Heat)
     */
    public record Filter(List<String> ids, List<String> names, List<String> statuses, List<String> actions,
            List<String> statusReasons, boolean showDeleted, boolean showNested, List<String> parents) {
    }

    /**
     * One page of a tenant's stacks.
     *
     * @param tenant    the tenant, null for every tenant's (an admin's {@code global_tenant})
     * @param sortKeys  Heat's sort keys; unknown ones are ignored
     * @param direction the SQL direction for every key, null for Heat's default
     * @param marker    the id of the stack the page follows, null for the first page
     * @param limit     the page size, null for all
     */
    public Uni<List<Stack>> page(String tenant, Filter filter, List<String> sortKeys, String direction,
            String marker, Integer limit) {
        return query(tenant, filter).orderBy(Ordering.of(sortKeys, SORT_KEYS, "created_at", direction, "id"))
                .ids(marker, limit)
                .chain(ids -> ids.isEmpty() ? Uni.createFrom().item(List.<Stack>of())
                        : Stack.<Stack>list("id in ?1", ids.stream().map(UUID::fromString).toList())
                                .map(found -> Ordering.as(ids, found, stack -> stack.id.toString())));
    }

    /** How many of a tenant's stacks the filter keeps (Heat's {@code with_count}). */
    public Uni<Long> count(String tenant, Filter filter) {
        return query(tenant, filter).count();
    }

    private static RankedQuery query(String tenant, Filter filter) {
        RankedQuery query = new RankedQuery("stack",
                "id, name, status, action, status_reason, created_at, updated_at, deleted_at, parent_id",
                tenant == null ? "true" : "tenant = :tenant")
                .in("cast(id as text)", filter.ids())
                .in("name", filter.names())
                .in("status", filter.statuses())
                .in("action", filter.actions())
                .in("status_reason", filter.statusReasons())
                .in("cast(parent_id as text)", filter.parents());
        query = tenant == null ? query : query.parameter("tenant", tenant);
        query = filter.showNested() ? query : query.where("parent_id is null");
        return filter.showDeleted() ? query : query.where("deleted_at is null");
    }
}
