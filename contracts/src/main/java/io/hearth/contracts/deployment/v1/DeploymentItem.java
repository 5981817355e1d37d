package io.hearth.contracts.deployment.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/**
 * One deployment in a server's metadata, in Heat's format plus {@code generation} and {@code deployment_id}.
 *
 * @param id           this run's id, as in Heat the id of the config derived for the run: new for every run of the
 *                     deployment (its action and generation, {@link #runId}), so Heat's own heat-config, which runs
 *                     each id once, runs each run once
 * @param name         the config's name
 * @param group        the hook that runs it: script, ansible, puppet, ...
 * @param config       the config text or structure
 * @param inputs       declared inputs with values, then the derived deploy_* inputs
 * @param outputs      declared outputs
 * @param options      hook options, may be null
 * @param creationTime when the deployment was created
 * @param generation   which run this is; the agent runs each (id, action, generation) once
 * @param cancelled    true when this generation's run was cancelled through the API: the agent does not start it,
 *                     or stops its hook (Hearth's, optional within v1, absent when null)
 * @param deploymentId the deployment's id (Hearth's {@code deployment_id}); the run's {@code id} when an item has
 *                     none (documents written before runs had ids of their own)
 */
public record DeploymentItem(String id, String name, String group, JsonNode config, List<DeploymentInput> inputs,
        List<JsonNode> outputs, JsonNode options, @JsonProperty("creation_time") Instant creationTime,
        long generation, @JsonInclude(JsonInclude.Include.NON_NULL) Boolean cancelled,
        @JsonProperty("deployment_id") String deploymentId) {

    public DeploymentItem {
        deploymentId = deploymentId == null ? id : deploymentId;
    }

    /** An item of a run that may be cancelled. */
    public DeploymentItem(String id, String name, String group, JsonNode config, List<DeploymentInput> inputs,
            List<JsonNode> outputs, JsonNode options, Instant creationTime, long generation, Boolean cancelled) {
        this(id, name, group, config, inputs, outputs, options, creationTime, generation, cancelled, null);
    }

    /** An item of a run that was not cancelled. */
    public DeploymentItem(String id, String name, String group, JsonNode config, List<DeploymentInput> inputs,
            List<JsonNode> outputs, JsonNode options, Instant creationTime, long generation) {
        this(id, name, group, config, inputs, outputs, options, creationTime, generation, null, null);
    }

    /**
     * The id of one run of a deployment: a name-based UUID of the deployment, the action and the generation, so
     * the same run keeps its id in every document that lists it, and every run gets an id of its own (Heat derives a
     * new config, with a new id, for every action).
     */
    public static String runId(String deploymentId, String action, long generation) {
        return UUID.nameUUIDFromBytes(("hearth-run:" + deploymentId + ":" + action + ":" + generation)
                .getBytes(StandardCharsets.UTF_8)).toString();
    }
}
