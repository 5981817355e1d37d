package io.hearth.contracts.deployment.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;

/**
 * One deployment in a server's metadata, in Heat's format plus {@code generation}.
 *
 * @param id           the deployment's id
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
 */
public record DeploymentItem(String id, String name, String group, JsonNode config, List<DeploymentInput> inputs,
        List<JsonNode> outputs, JsonNode options, @JsonProperty("creation_time") Instant creationTime,
        long generation, @JsonInclude(JsonInclude.Include.NON_NULL) Boolean cancelled) {

    /** An item of a run that was not cancelled. */
    public DeploymentItem(String id, String name, String group, JsonNode config, List<DeploymentInput> inputs,
            List<JsonNode> outputs, JsonNode options, Instant creationTime, long generation) {
        this(id, name, group, config, inputs, outputs, options, creationTime, generation, null);
    }
}
