package io.hearth.template.repository;

import static io.hearth.platform.sql.ColumnArrays.text;
import static io.hearth.platform.sql.ColumnArrays.time;
import static io.hearth.platform.sql.ColumnArrays.uuid;

import io.hearth.platform.sql.ColumnArrays;
import io.hearth.template.domain.StackEvent;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The event history's queries Panache lacks: the event list with Heat's filters, sort keys, marker and limit, and
 * the append of a batch's events in one statement.
 */
@ApplicationScoped
public class StackEventRepository {

    private static final List<ColumnArrays.Column<StackEvent>> COLUMNS = List.of(uuid(e -> e.id), uuid(e -> e.stackId),
            text(e -> e.resourceName), text(e -> e.physicalResourceId), text(e -> e.resourceType), text(e -> e.action),
            text(e -> e.status), text(e -> e.statusReason), time(e -> e.eventTime));

    /** The insert of many events, in their order: {@code seq} numbers them as they come. */
    private final String append;

    public StackEventRepository(@ConfigProperty(name = "quarkus.hibernate-orm.database.default-schema") String schema) {
        this.append = "insert into " + schema + ".stack_event (id, stack_id, resource_name, physical_resource_id,"
                + " resource_type, action, status, status_reason, event_time) select id, stack_id, resource_name,"
                + " physical_resource_id, resource_type, action, status, status_reason, event_time from unnest("
                + "$1::uuid[], $2::uuid[], $3::varchar[], $4::varchar[], $5::varchar[], $6::varchar[], $7::varchar[],"
                + " $8::text[], $9::timestamptz[]) with ordinality as e(id, stack_id, resource_name,"
                + " physical_resource_id, resource_type, action, status, status_reason, event_time, n) order by n";
    }

    /**
     * Adds events to the history, in their order, with one statement just before the current transaction commits:
     * after its last flush, which writes the stacks they belong to (a nested stack made in the same batch). A
     * transaction that rolls back writes none of them.
     */
    public Uni<Void> appendAtCommit(List<StackEvent> events) {
        if (events.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return AtCommit.run(append, ColumnArrays.arrays(List.copyOf(events), COLUMNS));
    }

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
