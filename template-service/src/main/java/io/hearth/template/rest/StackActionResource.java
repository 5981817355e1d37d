package io.hearth.template.rest;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.template.service.StackActionService;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * Heat Orchestration API v1: stack actions. The body names one action: {@code {"suspend": null}}, {@code resume},
 * {@code check}, {@code cancel_update} or {@code cancel_without_rollback}; 200 with a JSON {@code null}, as Heat
 * answers, once it is accepted, and the stack's status and events show how it goes.
 */
@Path("/v1/{tenant}/stacks/{stackName}/{stackId}/actions")
@Produces(MediaType.APPLICATION_JSON)
public class StackActionResource {

    private final StackActionService actions;

    public StackActionResource(StackActionService actions) {
        this.actions = actions;
    }

    /** Runs the action the body names. */
    @POST
    @Consumes(MediaType.WILDCARD)
    public Uni<Response> act(@PathParam("tenant") String tenant, @PathParam("stackName") String name,
            @PathParam("stackId") String id, JsonNode body) {
        return actions.act(tenant, name, id, body)
                .map(done -> Response.ok("null", MediaType.APPLICATION_JSON_TYPE).build());
    }
}
