package io.hearth.deployment.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.deployment.software.DeploymentActions;
import io.hearth.deployment.software.ResourceActions;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/**
 * Hearth's ad-hoc action on a stack's resource: {@code POST .../resources/{resource}/actions {"action": "BACKUP",
 * "input_values": {...}}} runs it on every deployment the resource holds whose config declares it (a deployment
 * resource, a deployment group's servers, the members of a group; {@link ResourceActions}). One transaction: a
 * refused request runs nothing.
 */
@Path("/v1/{tenant}/stacks/{stack_name}/{stack_id}/resources/{resource}/actions")
@Produces(MediaType.APPLICATION_JSON)
public class ResourceActionResource {

    private final ResourceActions actions;
    private final JsonBodies bodies;
    private final TenantStacks stacks;

    public ResourceActionResource(ResourceActions actions, JsonBodies bodies, TenantStacks stacks) {
        this.actions = actions;
        this.stacks = stacks;
        this.bodies = bodies;
    }

    /** 200 {@code {"software_deployments": [...]}}: the deployments that run it, at their new generation. */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Map<String, Object>> act(@PathParam("tenant") String tenant, @PathParam("stack_name") String name,
            @PathParam("stack_id") String id, @PathParam("resource") String resource, String body) {
        ObjectNode json = bodies.object(body);
        String action = DeploymentActions.checkName(JsonBodies.string(json, "action", SoftwareDeployment.MAX_ACTION));
        ObjectNode inputs = JsonBodies.map(json, "input_values");
        return Panache.withTransaction(() -> stacks.find(tenant, name, id)
                .chain(stack -> actions.run(stack, resource, action, inputs)))
                .map(started -> Map.of("software_deployments", started.stream().map(Views::deployment).toList()));
    }
}
