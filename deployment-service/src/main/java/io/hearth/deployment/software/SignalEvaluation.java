package io.hearth.deployment.software;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.stack.Status;
import io.hearth.hot.py.Py;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What a hook's signal means for its deployment, as Heat's {@code signal_software_deployment} decides: a
 * non-zero {@code deploy_status_code} fails it, so does a value for an output declared
 * {@code error_output: true}; otherwise it completes with "Outputs received". Pure.
 *
 * @param status       COMPLETE or FAILED
 * @param statusReason Heat's reason text
 * @param outputValues the declared outputs that came, then deploy_stdout, deploy_stderr, deploy_status_code
 */
public record SignalEvaluation(Status status, String statusReason, ObjectNode outputValues) {

    static final String STATUS_CODE = "deploy_status_code";

    /**
     * @param declaredOutputs the config's output definitions
     * @param statusCode      the hook's exit status, may be null
     * @param stdout          deploy_stdout, may be null
     * @param stderr          deploy_stderr, may be null
     * @param outputs         output values by name, may be null
     */
    public static SignalEvaluation of(JsonNode declaredOutputs, Integer statusCode, String stdout, String stderr,
            Map<String, JsonNode> outputs) {
        ObjectNode values = JsonNodeFactory.instance.objectNode();
        List<String> reasons = new ArrayList<>();
        boolean failed = false;
        if (statusCode != null && statusCode != 0) {
            failed = true;
            reasons.add(STATUS_CODE + " : Deployment exited with non-zero status code: " + statusCode);
        }
        Map<String, JsonNode> given = outputs == null ? Map.of() : outputs;
        for (JsonNode declared : declaredOutputs) {
            String name = declared.path("name").asText();
            if (given.containsKey(name)) {
                JsonNode value = given.get(name) == null ? NullNode.getInstance() : given.get(name);
                values.set(name, value);
                if (declared.path("error_output").asBoolean(false)) {
                    failed = true;
                    reasons.add(name + " : " + Py.str(value));
                }
            }
        }
        values.set("deploy_stdout", stdout == null ? NullNode.getInstance() : TextNode.valueOf(stdout));
        values.set("deploy_stderr", stderr == null ? NullNode.getInstance() : TextNode.valueOf(stderr));
        values.set(STATUS_CODE, statusCode == null ? NullNode.getInstance() : IntNode.valueOf(statusCode));
        return failed ? new SignalEvaluation(Status.FAILED, String.join(", ", reasons), values)
                : new SignalEvaluation(Status.COMPLETE, "Outputs received", values);
    }
}
