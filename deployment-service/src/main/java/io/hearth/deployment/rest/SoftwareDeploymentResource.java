package io.hearth.deployment.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.engine.StackSignals;
import io.hearth.deployment.software.DeploymentChange;
import io.hearth.deployment.software.DeploymentWriter;
import io.hearth.deployment.software.NewDeployment;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.software.SoftwareDeployments;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/**
 * Heat Orchestration API v1: software deployments and the servers' metadata. A PUT with a terminal status
 * and output values is also how a Heat-style agent reports a finished hook.
 */
@Path("/v1/{tenant}/software_deployments")
@Produces(MediaType.APPLICATION_JSON)
public class SoftwareDeploymentResource {

    /** The statuses a deployment may be given, in the order the refusal lists them. */
    static final List<String> STATUSES = List.of(Status.IN_PROGRESS.name(), Status.COMPLETE.name(),
            Status.FAILED.name());
    static final List<String> TRANSPORTS = List.of("CFN_SIGNAL", "TEMP_URL_SIGNAL", "HEAT_SIGNAL", "NO_SIGNAL",
            "ZAQAR_SIGNAL");

    private final SoftwareDeployments deployments;
    private final JsonBodies bodies;
    private final StackSignals stacks;
    private final DeploymentWriter writer;

    public SoftwareDeploymentResource(SoftwareDeployments deployments, JsonBodies bodies,
            StackSignals stacks, DeploymentWriter writer) {
        this.deployments = deployments;
        this.writer = writer;
        this.bodies = bodies;
        this.stacks = stacks;
    }

    /** Creates a deployment: 200 with it, as Heat answers (group commit: {@link DeploymentWriter}). */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Map<String, Object>> create(@PathParam("tenant") String tenant, String body) {
        ObjectNode json = bodies.object(body);
        NewDeployment spec = new NewDeployment(tenant, null, null, null,
                JsonBodies.required(json, "server_id", SoftwareDeployment.MAX_SERVER_ID),
                JsonBodies.required(json, "config_id"), JsonBodies.map(json, "input_values"),
                JsonBodies.string(json, "action", SoftwareDeployment.MAX_ACTION),
                JsonBodies.oneOf(json, "signal_transport", TRANSPORTS), null,
                JsonBodies.oneOf(json, "status", STATUSES), JsonBodies.string(json, "status_reason"),
                JsonBodies.string(json, "stack_user_project_id", SoftwareDeployment.MAX_PROJECT_ID));
        return writer.create(spec).map(d -> Map.of("software_deployment", Views.deployment(d)));
    }

    /** The tenant's deployments, of one server when {@code server_id} is given. */
    @GET
    @WithSession
    public Uni<Map<String, Object>> list(@PathParam("tenant") String tenant, @QueryParam("server_id") String serverId) {
        return deployments.list(tenant, serverId)
                .map(rows -> Map.of("software_deployments", rows.stream().map(Views::deployment).toList()));
    }

    /** Heat's {@code metadata_software_deployments}: what the server's agent must run, by config name. */
    @GET
    @Path("/metadata/{serverId}")
    public Uni<String> metadata(@PathParam("tenant") String tenant, @PathParam("serverId") String serverId) {
        return deployments.metadata(tenant, serverId);
    }

    /** One deployment. */
    @GET
    @Path("/{id}")
    @WithSession
    public Uni<Map<String, Object>> show(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return deployments.find(tenant, id).map(d -> Map.of("software_deployment", Views.deployment(d)));
    }

    /**
     * Updates a deployment (any of config_id, input_values, output_values, action, status, status_reason); a
     * terminal status ends the waiting action of the deployment's stack resource. A deployment no stack owns
     * is updated with group commit ({@link DeploymentWriter}); one a stack owns in the engine's transaction,
     * which also ends its resource's wait.
     */
    @PUT
    @Path("/{id}")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Map<String, Object>> update(@PathParam("tenant") String tenant, @PathParam("id") String id,
            String body) {
        ObjectNode json = bodies.object(body);
        DeploymentChange change = new DeploymentChange(JsonBodies.string(json, "config_id"),
                JsonBodies.map(json, "input_values"), JsonBodies.map(json, "output_values"),
                JsonBodies.string(json, "action", SoftwareDeployment.MAX_ACTION),
                JsonBodies.oneOf(json, "status", STATUSES),
                JsonBodies.string(json, "status_reason"));
        return writer.update(tenant, id, change)
                .chain(d -> d != null ? Uni.createFrom().item(d) : stacks.deploymentChanged(tenant, id, change))
                .map(d -> Map.of("software_deployment", Views.deployment(d)));
    }

    /** Deletes a deployment: 204. */
    @DELETE
    @Path("/{id}")
    public Uni<Response> delete(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return deployments.delete(tenant, id).map(nothing -> Response.noContent().build());
    }
}
