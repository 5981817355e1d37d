package io.hearth.template.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.domain.Stack;
import io.hearth.template.rest.dto.Accepted;
import io.hearth.template.rest.dto.CreateStackRequest;
import io.hearth.template.rest.dto.ResourcePreview;
import io.hearth.template.rest.dto.StackCreated;
import io.hearth.template.rest.dto.StackPreview;
import io.hearth.template.rest.dto.StackView;
import io.hearth.template.rest.dto.UpdateStackRequest;
import io.hearth.template.service.StackAdoptService;
import io.hearth.template.service.StackPreviewService;
import io.hearth.template.service.StackService;
import io.hearth.template.service.StackUpdateService;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Heat Orchestration API v1: stacks. */
@Path("/v1/{tenant}/stacks")
@Produces(MediaType.APPLICATION_JSON)
public class StackResource {

    private final StackService stacks;
    private final StackViews views;
    private final StackListing listing;
    private final StackUpdateService updates;
    private final StackPreviewService previews;
    private final PreviewViews previewViews;
    private final StackAdoptService adoptions;

    public StackResource(StackService stacks, StackViews views, StackListing listing, StackUpdateService updates,
            StackPreviewService previews, PreviewViews previewViews, StackAdoptService adoptions) {
        this.adoptions = adoptions;
        this.stacks = stacks;
        this.views = views;
        this.listing = listing;
        this.updates = updates;
        this.previews = previews;
        this.previewViews = previewViews;
    }

    /**
     * Creates a stack, or adopts one when the body has {@code adopt_stack_data}: 201 with its id and link; the work
     * goes on in the background.
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> create(@PathParam("tenant") String tenant, CreateStackRequest request,
            @Context UriInfo uri) {
        Uni<Stack> made = request != null && request.adoptStackData() != null && !request.adoptStackData().isNull()
                ? adoptions.adopt(tenant, request) : stacks.create(tenant, request);
        return made.map(stack -> {
            String href = views.href(uri, stack);
            return Response.created(URI.create(href))
                    .entity(new StackCreated(new StackCreated.Ref(stack.id.toString(),
                            List.of(io.hearth.template.rest.dto.Link.self(href)), stack.warnings)))
                    .build();
        });
    }

    /** Lists the tenant's stacks with Heat's filters, sorting and paging (see {@link StackListing}). */
    @GET
    @WithSession
    public Uni<Map<String, Object>> list(@PathParam("tenant") String tenant, @Context UriInfo uri) {
        return listing.list(tenant, uri);
    }

    /** Finds a stack by name or id (a deleted one by id) and redirects to its canonical URL, as Heat does. */
    @GET
    @Path("/{stackIdentity}")
    @WithSession
    public Uni<Response> lookup(@PathParam("tenant") String tenant, @PathParam("stackIdentity") String identity,
            @Context UriInfo uri) {
        return stacks.identify(tenant, identity).map(stack -> Response.status(Response.Status.FOUND)
                .location(URI.create(views.href(uri, stack))).build());
    }

    /** Redirects a delete by name or id to the stack's canonical URL, as Heat does (there a deleted stack is a 404). */
    @DELETE
    @Path("/{stackIdentity}")
    @WithSession
    public Uni<Response> deleteLookup(@PathParam("tenant") String tenant,
            @PathParam("stackIdentity") String identity, @Context UriInfo uri) {
        return lookup(tenant, identity, uri);
    }

    /** Deletes a stack: 204, then DELETE_IN_PROGRESS until deployment-service reports DELETE_COMPLETE. */
    @DELETE
    @Path("/{stackName}/{stackId}")
    public Uni<Response> delete(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id) {
        return stacks.delete(tenant, name, id).map(done -> Response.noContent().build());
    }

    /** Redirects an update by name or id to the stack's canonical URL, as Heat does. */
    @PUT
    @Path("/{stackIdentity}")
    @WithSession
    public Uni<Response> updateLookup(@PathParam("tenant") String tenant,
            @PathParam("stackIdentity") String identity, @Context UriInfo uri) {
        return lookup(tenant, identity, uri);
    }

    /** Redirects a PATCH update by name or id to the stack's canonical URL, as Heat does. */
    @PATCH
    @Path("/{stackIdentity}")
    @WithSession
    public Uni<Response> patchLookup(@PathParam("tenant") String tenant,
            @PathParam("stackIdentity") String identity, @Context UriInfo uri) {
        return lookup(tenant, identity, uri);
    }

    /**
     * Updates a stack with a new template, parameters, environment and files: 202, then
     * UPDATE_IN_PROGRESS until deployment-service reports UPDATE_COMPLETE.
     */
    @PUT
    @Path("/{stackName}/{stackId}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> update(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, UpdateStackRequest request) {
        return updates.update(tenant, name, id, request, false).map(stack -> accepted());
    }

    /** Updates a stack, keeping the template, parameters, environment and files the request leaves out: 202. */
    @PATCH
    @Path("/{stackName}/{stackId}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Response> patch(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, UpdateStackRequest request) {
        return updates.update(tenant, name, id, request, true).map(stack -> accepted());
    }

    /** Shows the stack a create request would make, with its resources; stores and sends nothing. */
    @POST
    @Path("/preview")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Map<String, StackPreview>> preview(@PathParam("tenant") String tenant, CreateStackRequest request,
            @Context UriInfo uri) {
        return previews.preview(tenant, request).map(result -> Map.of("stack", previewViews.stack(uri, result)));
    }

    /** Shows what a PUT update would do to each resource; changes nothing. */
    @PUT
    @Path("/{stackName}/{stackId}/preview")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Map<String, Map<String, List<ResourcePreview>>>> previewUpdate(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id, UpdateStackRequest request) {
        return updates.preview(tenant, name, id, request, false).map(previewViews::changes);
    }

    /** Shows what a PATCH update would do to each resource; changes nothing. */
    @PATCH
    @Path("/{stackName}/{stackId}/preview")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Map<String, Map<String, List<ResourcePreview>>>> previewPatch(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id, UpdateStackRequest request) {
        return updates.preview(tenant, name, id, request, true).map(previewViews::changes);
    }

    /** Heat's 202 to an update, with webob's body. */
    private static Response accepted() {
        return Response.accepted(Accepted.BODY).type(MediaType.APPLICATION_JSON_TYPE).build();
    }

    /** Shows a stack. */
    @GET
    @Path("/{stackName}/{stackId}")
    @WithSession
    public Uni<Map<String, StackView>> show(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id, @Context UriInfo uri) {
        return find(tenant, name, id).map(stack -> Map.of("stack", views.full(uri, stack)));
    }

    /**
     * Heat's {@code stack_lookup} of an ARN ({@code /stacks/arn:openstack:heat::TENANT:stacks/NAME/ID[/PATH]}, a
     * template resource's reference id): redirected to the canonical URL it names, the path and query kept, as Heat's
     * {@code HeatIdentifier.from_arn} does (the stack is looked for there); an ARN that cannot be read is a 404.
     */
    @GET
    @Path("/{arn: arn(:|%3[aA]).+}")
    public Response lookupArn(@PathParam("arn") String arn, @Context UriInfo uri) {
        Matcher parts = ARN.matcher(arn);
        if (!parts.matches()) {
            throw ApiException.notFound("The Stack (" + arn + ") could not be found.");
        }
        String query = uri.getRequestUri().getRawQuery();
        return Response.status(Response.Status.FOUND).location(URI.create(uri.getBaseUriBuilder().path("v1")
                .path(parts.group(1)).path("stacks").path(parts.group(2)).path(parts.group(3)).build()
                + (parts.group(4) == null ? "" : parts.group(4)) + (query == null ? "" : "?" + query))).build();
    }

    private static final Pattern ARN =
            Pattern.compile("arn:openstack:heat::([^:/]+):stacks/([^/]+)/([^/]+)(/.*)?");

    /** A stack's sub-routes that {@link #lookupSection} redirects when the stack is named by its name or id alone. */
    static final String SECTIONS = "(resources|events|template|actions|environment|files|outputs|snapshots|abandon"
            + "|export|preview)(/.*)?";

    /**
     * Redirects {@code /stacks/{name or id}/{section}...} (any method) to the canonical URL with the same query, as
     * Heat's {@code lookup} does: every stack route answers by name, and the client repeats the request there.
     */
    @GET
    @Path("/{stackIdentity}/{section: " + SECTIONS + "}")
    @WithSession
    public Uni<Response> lookupSection(@PathParam("tenant") String tenant,
            @PathParam("stackIdentity") String identity, @PathParam("section") String section, @Context UriInfo uri) {
        String query = uri.getRequestUri().getRawQuery();
        return stacks.identify(tenant, identity).map(stack -> Response.status(Response.Status.FOUND)
                .location(URI.create(views.href(uri, stack) + "/" + section + (query == null ? "" : "?" + query)))
                .build());
    }

    /** {@link #lookupSection} for POST (actions, snapshots, a resource's signal...). */
    @POST
    @Path("/{stackIdentity}/{section: " + SECTIONS + "}")
    @Consumes(MediaType.WILDCARD)
    @WithSession
    public Uni<Response> lookupSectionPost(@PathParam("tenant") String tenant,
            @PathParam("stackIdentity") String identity, @PathParam("section") String section, @Context UriInfo uri) {
        return lookupSection(tenant, identity, section, uri);
    }

    /** {@link #lookupSection} for DELETE (a snapshot, abandon). */
    @DELETE
    @Path("/{stackIdentity}/{section: " + SECTIONS + "}")
    @WithSession
    public Uni<Response> lookupSectionDelete(@PathParam("tenant") String tenant,
            @PathParam("stackIdentity") String identity, @PathParam("section") String section, @Context UriInfo uri) {
        return lookupSection(tenant, identity, section, uri);
    }

    /** {@link #lookupSection} for PUT (an update preview). */
    @PUT
    @Path("/{stackIdentity}/{section: " + SECTIONS + "}")
    @Consumes(MediaType.WILDCARD)
    @WithSession
    public Uni<Response> lookupSectionPut(@PathParam("tenant") String tenant,
            @PathParam("stackIdentity") String identity, @PathParam("section") String section, @Context UriInfo uri) {
        return lookupSection(tenant, identity, section, uri);
    }

    /** {@link #lookupSection} for PATCH (a PATCH update preview, mark-unhealthy). */
    @PATCH
    @Path("/{stackIdentity}/{section: " + SECTIONS + "}")
    @Consumes(MediaType.WILDCARD)
    @WithSession
    public Uni<Response> lookupSectionPatch(@PathParam("tenant") String tenant,
            @PathParam("stackIdentity") String identity, @PathParam("section") String section, @Context UriInfo uri) {
        return lookupSection(tenant, identity, section, uri);
    }

    /** The stack's environment as stored (every section, the parameters the user gave), as Heat's environment-show. */
    @GET
    @Path("/{stackName}/{stackId}/environment")
    @WithSession
    public Uni<JsonNode> environment(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id) {
        return find(tenant, name, id).map(stack -> stored(stack.environment));
    }

    /** The stack's files by name, as Heat's file-list. */
    @GET
    @Path("/{stackName}/{stackId}/files")
    @WithSession
    public Uni<JsonNode> files(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id) {
        return find(tenant, name, id).map(stack -> stored(stack.files));
    }

    private static JsonNode stored(String json) {
        return json == null ? com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.objectNode()
                : HearthJson.readTree(json);
    }

    /** The stack's template as stored (JSON). */
    @GET
    @Path("/{stackName}/{stackId}/template")
    @WithSession
    public Uni<JsonNode> template(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id) {
        return find(tenant, name, id).map(stack -> HearthJson.readTree(stack.template));
    }

    /** Lists the stack's outputs (keys and descriptions), as Heat's output-list. */
    @GET
    @Path("/{stackName}/{stackId}/outputs")
    @WithSession
    public Uni<Map<String, List<Map<String, Object>>>> outputs(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id, @Context UriInfo uri) {
        return find(tenant, name, id).map(stack -> Map.of("outputs", views.full(uri, stack).outputs().stream()
                .map(o -> {
                    Map<String, Object> entry = new java.util.LinkedHashMap<>();
                    entry.put("output_key", o.outputKey());
                    entry.put("description", o.description());
                    return entry;
                }).toList()));
    }

    /** Shows one output with its value, as Heat's output-show. */
    @GET
    @Path("/{stackName}/{stackId}/outputs/{outputKey}")
    @WithSession
    public Uni<Map<String, StackView.Output>> output(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id,
            @PathParam("outputKey") String key, @Context UriInfo uri) {
        return find(tenant, name, id).map(stack -> views.full(uri, stack).outputs().stream()
                .filter(o -> o.outputKey().equals(key)).findFirst()
                .map(o -> Map.of("output", o))
                .orElseThrow(() -> ApiException.notFound("Specified output key " + key + " not found.")));
    }

    /** The stack a canonical URL names, deleted ones included. */
    private Uni<Stack> find(String tenant, String name, String id) {
        return stacks.atUrl(tenant, name, id, true);
    }
}
