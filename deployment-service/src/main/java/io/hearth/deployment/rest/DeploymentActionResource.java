package io.hearth.deployment.rest;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.engine.StackSignals;
import io.hearth.deployment.software.DeploymentActions;
import io.hearth.deployment.software.DeploymentChange;
import io.hearth.deployment.domain.DeploymentRun;
import io.hearth.deployment.software.DeploymentRuns;
import io.hearth.deployment.software.HeatTime;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.software.SoftwareDeployments;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Hearth's ad-hoc actions on a software deployment: {@code POST .../actions {"action": "BACKUP", "input_values":
 * {...}}} runs the action once as the deployment's next generation, {@code {"action": "CANCEL"}} cancels the run in
 * progress (the deployment FAILS, "cancelled"; the agent stops the hook), and {@code GET .../runs} lists the ad-hoc
 * runs with their status, progress and outputs. Each request is one transaction: a refused one changes nothing.
 */
@Path("/v1/{tenant}/software_deployments/{id}")
@Produces(MediaType.APPLICATION_JSON)
public class DeploymentActionResource {

    /** The status_reason of a cancelled deployment (its resource fails "Deployment to server failed: cancelled"). */
    static final String CANCELLED = DeploymentActions.CANCELLED;

    private final DeploymentActions actions;
    private final SoftwareDeployments deployments;
    private final DeploymentRuns runs;
    private final StackSignals stacks;
    private final JsonBodies bodies;

    public DeploymentActionResource(DeploymentActions actions, SoftwareDeployments deployments, DeploymentRuns runs,
            StackSignals stacks, JsonBodies bodies) {
        this.actions = actions;
        this.deployments = deployments;
        this.runs = runs;
        this.stacks = stacks;
        this.bodies = bodies;
    }

    /** Runs an ad-hoc action, or cancels: 200 with the deployment as it is then. */
    @POST
    @Path("/actions")
    @Consumes(MediaType.APPLICATION_JSON)
    public Uni<Map<String, Object>> act(@PathParam("tenant") String tenant, @PathParam("id") String id, String body) {
        ObjectNode json = bodies.object(body);
        String action = JsonBodies.string(json, "action", SoftwareDeployment.MAX_ACTION);
        if (DeploymentActions.CANCEL.equals(action)) {
            return cancel(tenant, id).map(d -> Map.of("software_deployment", Views.deployment(d)));
        }
        DeploymentActions.checkName(action);
        ObjectNode inputs = JsonBodies.map(json, "input_values");
        return Panache.withTransaction(() -> actions.run(tenant, id, action, inputs))
                .map(d -> Map.of("software_deployment", Views.deployment(d)));
    }

    /**
     * Fails the running deployment with "cancelled" through the engine's door (a stack's resource waiting for it
     * fails too), then marks its item cancelled for the agent; one transaction.
     */
    private Uni<SoftwareDeployment> cancel(String tenant, String id) {
        DeploymentChange change = new DeploymentChange(null, null, null, null, Status.FAILED.name(), CANCELLED);
        return Panache.withTransaction(() -> actions.running(tenant, id)
                .chain(() -> stacks.deploymentChanged(tenant, id, change))
                .chain(() -> actions.cancelled(tenant, id, CANCELLED)));
    }

    /** The deployment's ad-hoc runs, oldest first: 200 {@code {"runs": [...]}}. */
    @GET
    @Path("/runs")
    @WithSession
    public Uni<Map<String, Object>> runs(@PathParam("tenant") String tenant, @PathParam("id") String id) {
        return deployments.find(tenant, id).chain(d -> runs.of(d.id))
                .map(rows -> Map.of("runs", rows.stream().map(DeploymentActionResource::view).toList()));
    }

    private static Map<String, Object> view(DeploymentRun run) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("deployment_id", run.deploymentId.toString());
        view.put("generation", run.generation);
        view.put("action", run.action);
        view.put("input_values", HearthJson.readTree(run.inputValues));
        view.put("status", run.status);
        view.put("status_reason", run.statusReason);
        view.put("progress", run.progress);
        view.put("output_values", run.outputValues == null ? null : HearthJson.readTree(run.outputValues));
        view.put("requested_time", HeatTime.isotime(run.requestedAt));
        view.put("updated_time", HeatTime.isotime(run.updatedAt));
        return view;
    }
}
