package io.hearth.template.rest;

import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import io.hearth.template.repository.StackEventRepository;
import io.hearth.template.rest.dto.EventView;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Heat's event list and show ({@code EventController}): filters {@code resource_action},
 * {@code resource_status}, {@code resource_name}, {@code resource_type}, sort keys
 * {@code event_time} and {@code resource_type}, {@code sort_dir}, {@code marker}, {@code limit},
 * {@code nested_depth}.
 */
@ApplicationScoped
public class EventListing {

    private final StackEventRepository repository;
    private final ResourceViews views;

    public EventListing(StackEventRepository repository, ResourceViews views) {
        this.repository = repository;
        this.views = views;
    }

    /**
     * The body of an event list: the stack's, or one resource's ({@code resource} not null); with {@code
     * nested_depth}, the events of its nested stacks to that depth too (not deleted ones, as Heat's {@code
     * list_events} finds them), each with its own stack's links and a {@code root_stack} link to this one.
     *
     * @throws ApiException 400 for a malformed parameter; 404 when a resource's list is empty
     */
    public Uni<Map<String, List<EventView>>> list(Stack stack, String resource, UriInfo uri) {
        QueryParams params = new QueryParams(uri.getQueryParameters());
        Integer limit = params.integer("limit");
        int depth = params.nestedDepth();
        String direction = params.sortDirection();
        List<String> actions = new ArrayList<>(params.all("resource_action"));
        List<String> statusValues = params.all("resource_status");
        List<String> statuses = QueryParams.statuses(statusValues, actions);
        if (!statusValues.isEmpty() && statuses.isEmpty()) {
            statuses = List.of("(none)"); // Heat filters by statuses none of which exists: nothing matches
        }
        List<String> names = resource == null ? params.all("resource_name") : List.of(resource);
        StackEventRepository.Filter filter = new StackEventRepository.Filter(names,
                actions.stream().distinct().toList(), statuses, params.all("resource_type"), List.of());
        Stack root = depth > 0 ? stack : null;
        return withNested(stack, depth).chain(stacks -> repository.page(stacks.keySet(), filter,
                params.all("sort_keys"), direction, params.single("marker"), limit).map(events -> {
                    if (events.isEmpty() && resource != null) {
                        throw new ApiException(404, "HTTPNotFound", "No events found for resource " + resource);
                    }
                    return Map.of("events", events.stream()
                            .map(e -> views.event(uri, stacks.get(e.stackId), e, false, root)).toList());
                }));
    }

    /** The stack and its nested stacks that are not deleted, {@code depth} levels down, by id. */
    private static Uni<Map<UUID, Stack>> withNested(Stack stack, int depth) {
        Map<UUID, Stack> stacks = new LinkedHashMap<>();
        stacks.put(stack.id, stack);
        return below(List.of(stack.id), depth, stacks);
    }

    private static Uni<Map<UUID, Stack>> below(List<UUID> parents, int depth, Map<UUID, Stack> into) {
        if (depth <= 0 || parents.isEmpty()) {
            return Uni.createFrom().item(into);
        }
        return Stack.<Stack>list("parentId in ?1 and deletedAt is null", parents).chain(children -> {
            children.forEach(child -> into.put(child.id, child));
            return below(children.stream().map(child -> child.id).toList(), depth - 1, into);
        });
    }

    /**
     * The body of event-show.
     *
     * @throws ApiException 404 when the resource has no such event
     */
    public Uni<Map<String, EventView>> show(Stack stack, String resource, String eventId, UriInfo uri) {
        StackEventRepository.Filter filter = new StackEventRepository.Filter(List.of(resource), List.of(),
                List.of(), List.of(), List.of(eventId));
        return repository.page(List.of(stack.id), filter, List.of(), null, null, null).map(events -> {
            if (events.isEmpty()) {
                throw new ApiException(404, "HTTPNotFound", "No event " + eventId + " found");
            }
            return Map.of("event", views.event(uri, stack, events.get(0), true, null));
        });
    }
}
