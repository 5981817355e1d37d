package io.hearth.deployment.software;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.domain.SoftwareDeployment;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A deployment's metadata item, built as Heat's {@code SoftwareDeployment._build_derived_config_params}
 * builds the derived config: the declared inputs with their values or defaults, undeclared input values
 * as String inputs, then the {@code deploy_*} inputs; StructuredDeployment's {@code get_input}
 * substitution; a SoftwareComponent contributes the config whose {@code actions} hold the action. Pure.
 */
public final class DerivedConfig {

    /** Heat's transport that needs no signal: the deployment completes at once. */
    public static final String NO_SIGNAL = "NO_SIGNAL";

    /** Heat's signal to a Swift object's temporary URL, which heat-config-notify PUTs. */
    static final String TEMP_URL_SIGNAL = "TEMP_URL_SIGNAL";
    static final String COMPONENT = "component";
    private static final String UNGROUPED = "Heat::Ungrouped";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private DerivedConfig() {
    }

    /**
     * The config a SoftwareComponent runs for an action, as {@code {tool, config}}, or null when none of its
     * configs holds the action; for any other config, the config itself.
     */
    static JsonNode componentFor(JsonNode configs, String action) {
        for (JsonNode entry : configs.path("configs")) {
            for (JsonNode held : entry.path("actions")) {
                if (held.asText().equals(action)) {
                    return entry;
                }
            }
        }
        return null;
    }

    /**
     * Whether a config declares the action: a {@code component} one of whose configs' {@code actions} holds it (other
     * configs declare no actions of their own).
     */
    static boolean declares(SoftwareConfig config, String action) {
        return COMPONENT.equals(config.group) && componentFor(SoftwareConfigStore.configOf(config), action) != null;
    }

    /** Whether a config has something to run for the action (a component may not). */
    static boolean runsFor(SoftwareConfig config, String action) {
        return !COMPONENT.equals(config.group) || componentFor(SoftwareConfigStore.configOf(config), action) != null;
    }

    /**
     * The metadata item of a deployment.
     *
     * @param deployment the deployment row
     * @param config     its config row
     * @param signalUrl  the pre-signed signal URL, ignored for NO_SIGNAL
     * @param metricUrl  the pre-signed metric URL of the deployment's stack or group, null for none
     */
    public static DeploymentItem item(SoftwareDeployment deployment, SoftwareConfig config, String signalUrl,
            String metricUrl) {
        List<DeploymentInput> inputs = inputs(deployment, config, signalUrl, metricUrl);
        JsonNode body = SoftwareConfigStore.configOf(config);
        String group = config.group == null ? UNGROUPED : config.group;
        if (COMPONENT.equals(group)) {
            JsonNode chosen = componentFor(body, deployment.action);
            group = chosen == null ? group : chosen.path("tool").asText(UNGROUPED);
            body = chosen == null ? NullNode.getInstance() : chosen.path("config");
        }
        if (deployment.inputKey != null) {
            Map<String, JsonNode> values = new LinkedHashMap<>();
            inputs.forEach(input -> values.put(input.name(), input.value()));
            body = substitute(values, deployment.inputKey, body);
        }
        List<JsonNode> outputs = new ArrayList<>();
        HearthJson.readTree(config.outputs).forEach(outputs::add);
        String id = deployment.id.toString();
        return new DeploymentItem(DeploymentItem.runId(id, deployment.action, deployment.generation), config.name,
                group, body.isNull() ? TextNode.valueOf("") : body, inputs, outputs,
                HearthJson.readTree(config.options), deployment.createdAt, deployment.generation,
                deployment.cancelled() ? Boolean.TRUE : null, id);
    }

    /**
     * {@code _build_derived_inputs}, in Heat's order, then Hearth's {@code deploy_metric_url} when the deployment
     * has one.
     */
    static List<DeploymentInput> inputs(SoftwareDeployment deployment, SoftwareConfig config, String signalUrl,
            String metricUrl) {
        ObjectNode values = ((ObjectNode) HearthJson.readTree(deployment.inputValues)).deepCopy();
        if (deployment.adHocRun() && deployment.runInputs != null) {
            values.setAll((ObjectNode) HearthJson.readTree(deployment.runInputs)); // the run's values win for it
        }
        List<DeploymentInput> out = new ArrayList<>();
        for (JsonNode declared : HearthJson.readTree(config.inputs)) {
            String name = declared.path("name").asText();
            JsonNode value = values.has(name) ? values.remove(name) : declared.path("default");
            out.add(new DeploymentInput(name, declared.path("type").asText("String"),
                    value.isMissingNode() ? NullNode.getInstance() : value, text(declared.get("description"))));
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = values.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> extra = it.next();
            out.add(new DeploymentInput(extra.getKey(), "String", extra.getValue(), null));
        }
        out.add(derived("deploy_server_id", deployment.serverId, "ID of the server being deployed to"));
        out.add(derived("deploy_action", deployment.action, "Name of the current action being deployed"));
        out.add(derived("deploy_stack_id", stackPath(deployment), "ID of the stack this deployment belongs to"));
        out.add(derived("deploy_resource_name", deployment.resourceName,
                "Name of this deployment resource in the stack"));
        out.add(derived("deploy_signal_transport", deployment.signalTransport,
                "How the server should signal to heat with the deployment output values."));
        if (!NO_SIGNAL.equals(deployment.signalTransport)) {
            out.add(derived("deploy_signal_id", signalUrl, "ID of signal to use for signaling output values"));
            // Heat's description lacks the space, as here; a TEMP_URL_SIGNAL (a Swift object in Heat) is a PUT.
            out.add(derived("deploy_signal_verb", TEMP_URL_SIGNAL.equals(deployment.signalTransport) ? "PUT" : "POST",
                    "HTTP verb to use for signaling outputvalues"));
        }
        if (metricUrl != null) {
            out.add(derived("deploy_metric_url", metricUrl, "Pre-signed URL to POST the application's metric "
                    + "samples to (Hearth), scoped to the server's group, or its stack when it is in no group"));
        }
        return out;
    }

    /** StructuredDeployment.parse: a one-key map {input_key: name} becomes the input's value (LAX). */
    static JsonNode substitute(Map<String, JsonNode> inputs, String inputKey, JsonNode snippet) {
        if (snippet.isObject()) {
            if (snippet.size() == 1 && snippet.has(inputKey) && snippet.get(inputKey).isTextual()) {
                JsonNode value = inputs.get(snippet.get(inputKey).textValue());
                return value == null ? NullNode.getInstance() : value;
            }
            ObjectNode out = JSON.objectNode();
            snippet.fields().forEachRemaining(e -> out.set(e.getKey(), substitute(inputs, inputKey, e.getValue())));
            return out;
        }
        if (snippet.isArray()) {
            var out = JSON.arrayNode();
            snippet.forEach(v -> out.add(substitute(inputs, inputKey, v)));
            return out;
        }
        return snippet;
    }

    /** Heat's {@code stack.identifier().stack_path()}: {@code name/id}, or the id alone when the name is unknown. */
    static String stackPath(SoftwareDeployment deployment) {
        if (deployment.stackId == null) {
            return null;
        }
        return deployment.stackName == null ? deployment.stackId : deployment.stackName + "/" + deployment.stackId;
    }

    private static DeploymentInput derived(String name, String value, String description) {
        return new DeploymentInput(name, "String", value == null ? NullNode.getInstance() : TextNode.valueOf(value),
                description);
    }

    private static String text(JsonNode node) {
        return node == null || node.isNull() ? null : node.asText();
    }
}
