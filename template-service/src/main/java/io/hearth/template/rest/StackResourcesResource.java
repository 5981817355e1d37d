package io.hearth.template.rest;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackResourceState;
import io.hearth.template.rest.dto.EventView;
import io.hearth.template.rest.dto.MarkUnhealthyRequest;
import io.hearth.template.rest.dto.ResourceView;
import io.hearth.template.service.ResourceHealth;
import io.hearth.template.service.ResourceSignals;
import io.hearth.template.service.StackService;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/** Heat Orchestration API v1: a stack's resources, their metadata, health and events. */
@Path("/v1/{tenant}/stacks/{stackName}/{stackId}/resources")
@Produces(MediaType.APPLICATION_JSON)
public class StackResourcesResource {

    /** The query parameters resource-list accepts; any other is refused, as Heat does. */
    private static final Set<String> LIST_PARAMS = Set.of("type", "status", "name", "action", "id",
            "physical_resource_id", "nested_depth", "with_detail");

    private final StackService stacks;
    private final ResourceHealth health;
    private final ResourceViews views;
    private final EventListing events;
    private final ResourceSignals signals;
    private final UpstreamRoutes upstream;

    public StackResourcesResource(StackService stacks, ResourceHealth health, ResourceViews views,
            EventListing events, ResourceSignals signals, UpstreamRoutes upstream) {
        this.stacks = stacks;
        this.health = health;
        this.views = views;
        this.events = events;
        this.signals = signals;
        this.upstream = upstream;
    }

    /**
     * Lists the stack's resources (a deleted stack's too, as Heat does), filtered by
     * {@code type} (part of the type name), {@code name}, {@code status}, {@code action},
     * {@code id} or {@code physical_resource_id}; {@code with_detail} adds descriptions and
     * attributes.
     */
    @GET
    @WithSession
    public Uni<Map<String, List<ResourceView>>> list(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id, @Context UriInfo uri) {
        QueryParams params = new QueryParams(uri.getQueryParameters());
        Set<String> invalid = new TreeSet<>(params.names());
        invalid.removeAll(LIST_PARAMS);
        if (!invalid.isEmpty()) {
            throw QueryParams.badRequest("Invalid filter parameters " + QueryParams.pythonList(invalid, "[", "]"));
        }
        int depth = params.nestedDepth();
        boolean detail = params.flag("with_detail", false);
        ResourceFilter filter = ResourceFilter.of(params);
        return stacks.atUrl(tenant, name, id, true)
                .chain(stack -> listed(uri, stack, depth, filter, detail, new ArrayList<>()))
                .map(resources -> Map.of("resources", resources));
    }

    /**
     * The stack's resources, then (with {@code depth} left) those of the nested stacks they own, as Heat's
     * {@code nested_depth} lists them.
     */
    private Uni<List<ResourceView>> listed(UriInfo uri, Stack stack, int depth, ResourceFilter filter,
            boolean detail, List<ResourceView> into) {
        return StackResourceState.ofStack(stack.id).chain(rows -> Stack.<Stack>list("parentId = ?1", stack.id)
                .chain(children -> {
                    Map<String, Stack> nested = new java.util.HashMap<>();
                    children.forEach(child -> nested.put(child.id.toString(), child));
                    rows.stream().filter(filter::keeps).forEach(row -> into.add(views.resource(uri, stack, row,
                            detail, List.of(), nested.get(row.physicalResourceId))));
                    List<Stack> deeper = depth <= 0 ? List.of() : rows.stream()
                            .map(row -> nested.get(row.physicalResourceId)).filter(java.util.Objects::nonNull).toList();
                    Uni<List<ResourceView>> done = Uni.createFrom().item(into);
                    for (Stack child : deeper) {
                        done = done.chain(ignored -> listed(uri, child, depth - 1, filter, detail, into));
                    }
                    return done;
                }));
    }

    /** Shows one resource with its description and attributes ({@code with_attr} adds attributes). */
    @GET
    @Path("/{resource}")
    @WithSession
    public Uni<Map<String, ResourceView>> show(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id,
            @PathParam("resource") String resource, @Context UriInfo uri) {
        List<String> withAttr = new QueryParams(uri.getQueryParameters()).all("with_attr");
        return named(tenant, name, id, resource).chain(found -> nestedOf(found)
                .map(nested -> Map.of("resource", views.resource(uri, found.stack(), found.row(), true, withAttr,
                        nested))));
    }

    /** The nested stack a resource owns (its physical id is the nested stack's), or null. */
    private static Uni<Stack> nestedOf(Found found) {
        UUID nested = found.row().physicalResourceId == null ? null : Stack.parseId(found.row().physicalResourceId);
        return nested == null ? Uni.createFrom().nullItem()
                : Stack.<Stack>find("parentId = ?1 and id = ?2", found.stack().id, nested).firstResult();
    }

    /** The resource's metadata, {@code {"metadata": {...}}}. */
    @GET
    @Path("/{resource}/metadata")
    @WithSession
    public Uni<Map<String, JsonNode>> metadata(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id,
            @PathParam("resource") String resource) {
        return named(tenant, name, id, resource).map(found -> Map.of("metadata", views.metadata(found.row())));
    }

    /**
     * Marks a resource (by name or physical id) unhealthy or healthy again; deployment-service
     * then reports CHECK_FAILED or CHECK_COMPLETE. 200 with a JSON {@code null}, as Heat answers.
     */
    @PATCH
    @Path("/{resource}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> markUnhealthy(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, @PathParam("resource") String resource, JsonNode body) {
        MarkUnhealthyRequest request = MarkUnhealthyRequest.of(body);
        return health.mark(tenant, name, id, resource, request.markUnhealthy(), request.reason())
                .map(done -> Response.ok("null", MediaType.APPLICATION_JSON_TYPE).build());
    }

    /**
     * Heat's resource signal: the body (any JSON, or none) is the signal's {@code details}. 200 with a JSON
     * {@code null}, as Heat answers, once the signal is on its way to deployment-service; a software deployment's
     * signal is relayed to signal-gateway, whose answer comes back. Refusals as Heat's ({@link ResourceSignals}).
     */
    @POST
    @Path("/{resource}/signal")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> signal(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, @PathParam("resource") String resource, JsonNode body,
            @Context HttpServerRequest request) {
        JsonNode details = body == null || body.isMissingNode() ? null : body;
        return signals.signal(tenant, name, id, resource, details).chain(route -> route == ResourceSignals.Route.GATEWAY
                ? upstream.toSignalGateway(request, Buffer.buffer(HearthJson.write(details == null
                        ? JsonNodeFactory.instance.objectNode() : details)))
                : Uni.createFrom().item(Response.ok("null", MediaType.APPLICATION_JSON_TYPE).build()));
    }

    /** Lists one resource's events; 404 when it has none, as Heat answers. */
    @GET
    @Path("/{resource}/events")
    @WithSession
    public Uni<Map<String, List<EventView>>> events(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id,
            @PathParam("resource") String resource, @Context UriInfo uri) {
        return stacks.atUrl(tenant, name, id, true).chain(stack -> events.list(stack, resource, uri));
    }

    /** Shows one event of a resource, with its type and properties. */
    @GET
    @Path("/{resource}/events/{eventId}")
    @WithSession
    public Uni<Map<String, EventView>> event(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id,
            @PathParam("resource") String resource, @PathParam("eventId") String eventId, @Context UriInfo uri) {
        return stacks.atUrl(tenant, name, id, true).chain(stack -> events.show(stack, resource, eventId, uri));
    }

    /** A live stack's resource by name, as Heat's describe finds it. */
    private Uni<Found> named(String tenant, String name, String id, String resource) {
        return stacks.atUrl(tenant, name, id, false).chain(stack -> StackResourceState.named(stack.id, resource)
                .onItem().ifNull().failWith(() -> ResourceHealth.notFound(stack, resource))
                .map(row -> new Found(stack, row)));
    }

    private record Found(Stack stack, StackResourceState row) {
    }

    /** Heat's resource-list filters. */
    private record ResourceFilter(List<String> types, List<String> names, List<String> statuses,
            List<String> actions, List<String> physicalIds, boolean statusGiven) {

        static ResourceFilter of(QueryParams params) {
            List<String> actions = new ArrayList<>(params.all("action"));
            List<String> statuses = QueryParams.statuses(params.all("status"), actions);
            List<String> physicalIds = new ArrayList<>(params.all("id"));
            physicalIds.addAll(params.all("physical_resource_id"));
            return new ResourceFilter(params.all("type"), params.all("name"), statuses, actions, physicalIds,
                    !params.all("status").isEmpty());
        }

        boolean keeps(StackResourceState row) {
            return (types.isEmpty() || types.stream().anyMatch(type -> row.resourceType.contains(type)))
                    && (names.isEmpty() || names.contains(row.name))
                    && (!statusGiven || statuses.contains(row.status.name()))
                    && (actions.isEmpty() || actions.contains(row.action.name()))
                    && (physicalIds.isEmpty() || physicalIds.contains(row.physicalResourceId));
        }
    }
}
