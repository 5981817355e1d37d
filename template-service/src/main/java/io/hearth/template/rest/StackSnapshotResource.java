package io.hearth.template.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.template.service.StackSnapshotService;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/**
 * Heat's stack snapshots: take one ({@code POST}, body {@code {"name": ...}}, 200 with the snapshot), list, show,
 * delete (204) and restore (202) (docs/architecture.md, "Snapshots").
 */
@Path("/v1/{tenant}/stacks/{stackName}/{stackId}/snapshots")
@Produces(MediaType.APPLICATION_JSON)
public class StackSnapshotResource {

    private final StackSnapshotService snapshots;

    public StackSnapshotResource(StackSnapshotService snapshots) {
        this.snapshots = snapshots;
    }

    /** Takes a snapshot of the stack. */
    @POST
    @Consumes(MediaType.WILDCARD)
    public Uni<Map<String, Object>> create(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, JsonNode body, @Context HttpServerRequest request) {
        JsonNode given = body == null ? null : body.get("name");
        String snapshotName = given == null || given.isNull() ? null : given.asText();
        return snapshots.create(tenant, name, id, snapshotName, CallerAuth.of(request))
                .map(StackSnapshotService::view);
    }

    /** The stack's snapshots. */
    @GET
    public Uni<Map<String, List<Map<String, Object>>>> list(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id) {
        return snapshots.list(tenant, name, id)
                .map(all -> Map.of("snapshots", all.stream().map(StackSnapshotService::view).toList()));
    }

    /** One snapshot. */
    @GET
    @Path("/{snapshotId}")
    public Uni<Map<String, Map<String, Object>>> show(@PathParam("tenant") String tenant,
            @PathParam("stackName") String name, @PathParam("stackId") String id,
            @PathParam("snapshotId") String snapshotId) {
        return snapshots.show(tenant, name, id, snapshotId)
                .map(snapshot -> Map.of("snapshot", StackSnapshotService.view(snapshot)));
    }

    /** Deletes a snapshot: 204. */
    @DELETE
    @Path("/{snapshotId}")
    public Uni<Response> delete(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, @PathParam("snapshotId") String snapshotId) {
        return snapshots.delete(tenant, name, id, snapshotId).map(done -> Response.noContent().build());
    }

    /** Restores the stack to the snapshot: 202, then the update's statuses. */
    @POST
    @Path("/{snapshotId}/restore")
    @Consumes(MediaType.WILDCARD)
    public Uni<Response> restore(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, @PathParam("snapshotId") String snapshotId) {
        return snapshots.restore(tenant, name, id, snapshotId)
                .map(stack -> Response.accepted(io.hearth.template.rest.dto.Accepted.BODY)
                        .type(MediaType.APPLICATION_JSON_TYPE).build());
    }
}
