package io.hearth.template.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.template.service.StackAbandonService;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;

/**
 * Heat's stack abandon: {@code DELETE /v1/{tenant}/stacks/{name}/{id}/abandon} answers 200 with the stack's abandon
 * data and forgets the stack, deleting nothing real (docs/api.md, "Abandon and adopt").
 */
@Path("/v1/{tenant}/stacks/{stackName}/{stackId}/abandon")
@Produces(MediaType.APPLICATION_JSON)
public class StackAbandonResource {

    private final StackAbandonService abandons;

    public StackAbandonResource(StackAbandonService abandons) {
        this.abandons = abandons;
    }

    /** The abandon data, as Heat's {@code prepare_abandon} gives it. */
    @DELETE
    public Uni<JsonNode> abandon(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, @Context HttpServerRequest request) {
        return abandons.abandon(tenant, name, id, CallerAuth.of(request)).map(data -> data);
    }
}
