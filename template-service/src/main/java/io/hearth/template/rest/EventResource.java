package io.hearth.template.rest;

import io.hearth.template.rest.dto.EventView;
import io.hearth.template.service.StackService;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;

/** Heat Orchestration API v1: a stack's events. */
@Path("/v1/{tenant}/stacks/{stackName}/{stackId}/events")
@Produces(MediaType.APPLICATION_JSON)
public class EventResource {

    private final StackService stacks;
    private final EventListing events;

    public EventResource(StackService stacks, EventListing events) {
        this.stacks = stacks;
        this.events = events;
    }

    /** Lists the stack's events, newest first unless sorted otherwise; deleted stacks too, as Heat does. */
    @GET
    @WithSession
    public Uni<Map<String, List<EventView>>> list(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id, @Context UriInfo uri) {
        return stacks.atUrl(tenant, name, id, true).chain(stack -> events.list(stack, null, uri));
    }
}
