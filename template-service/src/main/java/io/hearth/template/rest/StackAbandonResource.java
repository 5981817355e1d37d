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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Heat's stack abandon: {@code DELETE /v1/{tenant}/stacks/{name}/{id}/abandon} answers 200 with the stack's abandon
 * data and forgets the stack, deleting nothing real (docs/api.md, "Abandon and adopt").
 */
@Path("/v1/{tenant}/stacks/{stackName}/{stackId}/abandon")
@Produces(MediaType.APPLICATION_JSON)
public class StackAbandonResource {

    /** The headers that authenticate the caller, passed on to deployment-service. */
    private static final List<String> AUTH = List.of("X-Auth-Token", "Authorization");

    private final StackAbandonService abandons;

    public StackAbandonResource(StackAbandonService abandons) {
        this.abandons = abandons;
    }

    /** The abandon data, as Heat's {@code prepare_abandon} gives it. */
    @DELETE
    public Uni<JsonNode> abandon(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, @Context HttpServerRequest request) {
        Map<String, String> auth = new LinkedHashMap<>();
        AUTH.forEach(header -> {
            String value = request.getHeader(header);
            if (value != null) {
                auth.put(header, value);
            }
        });
        return abandons.abandon(tenant, name, id, auth).map(data -> data);
    }
}
