package io.hearth.template.repository;

import io.hearth.template.domain.StackEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** The event-list query Panache lacks: Heat's filters, sort keys, marker and limit. */
@ApplicationScoped
public class StackEventRepository {

    /** Heat's sort keys and the columns they sort by; other keys are ignored, as Heat does. */
    private static final Map<String, String> SORT_KEYS = Map.of("event_time", "event_time",
            "resource_type", "resource_type");

    /**
     * What an event list keeps; each list holds the accepted values of one filter, empty for none.
     *
     * @param resourceNames resource names (the stack's name for stack events)
     * @param actions       resource actions
     * @param statuses      resource statuses without action
     * @param resourceTypes resource types
     * @param ids           event ids
     */
    public record Filter(List<String> resourceNames, List<String> actions, List<String> statuses,
            List<String> resourceTypes, List<String> ids) {
    }

    /**
     * One page of the events of some stacks (a stack's, or with {@code nested_depth} its nested stacks' too):
     * newest first unless sorted otherwise; events of one time keep their arrival order.
     *
     * @param sortKeys  Heat's sort keys; unknown ones are ignored
     * @param direction the SQL direction for every key, null for Heat's default
     * @param marker    the id of the event the page follows, null for the first page
     * @param limit     the page size, null for all
     */
    public Uni<List<StackEvent>> page(java.util.Collection<UUID> stackIds, Filter filter, List<String> sortKeys, String direction,
            String marker, Integer limit) {
        return new RankedQuery("stack_event",
                "id, seq, resource_name, action, status, resource_type, event_time", "stack_id in (:stacks)")
                .parameter("stacks", List.copyOf(stackIds))
                .in("resource_name", filter.resourceNames())
                .in("action", filter.actions())
                .in("status", filter.statuses())
                .in("resource_type", filter.resourceTypes())
                .in("cast(id as text)", filter.ids())
                .orderBy(Ordering.of(sortKeys, SORT_KEYS, "event_time", direction, "seq"))
                .ids(marker, limit)
                .chain(ids -> ids.isEmpty() ? Uni.createFrom().item(List.<StackEvent>of())
                        : StackEvent.<StackEvent>list("id in ?1", ids.stream().map(UUID::fromString).toList())
                                .map(found -> Ordering.as(ids, found, event -> event.id.toString())));
    }
}
