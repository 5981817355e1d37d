package io.hearth.template.rest;

import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import io.hearth.template.repository.StackEventRepository;
import io.hearth.template.rest.dto.EventView;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Heat's event list and show ({@code EventController}): filters {@code resource_action},
 * {@code resource_status}, {@code resource_name}, {@code resource_type}, sort keys
 * {@code event_time} and {@code resource_type}, {@code sort_dir}, {@code marker}, {@code limit}.
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
     * The body of an event list: the stack's, or one resource's ({@code resource} not null).
     *
     * @throws ApiException 400 for a malformed parameter; 404 when a resource's list is empty
     */
    public Uni<Map<String, List<EventView>>> list(Stack stack, String resource, UriInfo uri) {
        QueryParams params = new QueryParams(uri.getQueryParameters());
        Integer limit = params.integer("limit");
        params.nestedDepth();
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
        return repository.page(stack.id, filter, params.all("sort_keys"), direction, params.single("marker"), limit)
                .map(events -> {
                    if (events.isEmpty() && resource != null) {
                        throw new ApiException(404, "HTTPNotFound", "No events found for resource " + resource);
                    }
                    return Map.of("events", events.stream().map(e -> views.event(uri, stack, e, false)).toList());
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
        return repository.page(stack.id, filter, List.of(), null, null, null).map(events -> {
            if (events.isEmpty()) {
                throw new ApiException(404, "HTTPNotFound", "No event " + eventId + " found");
            }
            return Map.of("event", views.event(uri, stack, events.get(0), true));
        });
    }
}
