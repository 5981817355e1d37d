package io.hearth.agent.hook;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.agent.journal.RunKey;
import java.util.ArrayList;
import java.util.List;

/**
 * A deployment item of the metadata document, read leniently from its JSON (Heat's format, see
 * {@code io.hearth.contracts.deployment.v1.DeploymentItem}); the JSON itself is what hooks get on stdin.
 *
 * @param json the item as the gateway served it
 */
public record Item(JsonNode json) {

    /** The group of items that have none (Heat's default), run by the script hook. */
    public static final String UNGROUPED = "Heat::Ungrouped";

    /** This run's id (new for every run of a deployment, as Heat's derived config ids are). */
    public String id() {
        return json.path("id").asText("");
    }

    /** The deployment's id (Hearth's {@code deployment_id}; the item's {@code id} when it has none). */
    public String deploymentId() {
        String id = json.path("deployment_id").asText("");
        return id.isBlank() ? id() : id;
    }

    /** The config's name. */
    public String name() {
        return json.path("name").asText("");
    }

    /** The hook group; {@value #UNGROUPED} when absent. */
    public String group() {
        String group = json.path("group").asText("");
        return group.isBlank() ? UNGROUPED : group;
    }

    /** The item's generation (0 when absent). */
    public long generation() {
        return json.path("generation").asLong(0);
    }

    /** Whether deployment-service marked this run cancelled (Hearth's {@code "cancelled": true}). */
    public boolean cancelled() {
        return json.path("cancelled").asBoolean(false);
    }

    /** The {@code deploy_action} input; CREATE when absent. */
    public String action() {
        String action = input("deploy_action");
        return action == null || action.isBlank() ? "CREATE" : action;
    }

    /** The journal key of this run. */
    public RunKey key() {
        return new RunKey(id(), action(), generation());
    }

    /** The text of an input's value, or null when there is no such input or its value is null. */
    public String input(String name) {
        for (JsonNode input : json.path("inputs")) {
            if (name.equals(input.path("name").asText())) {
                JsonNode value = input.get("value");
                return value == null || value.isNull() ? null : value.isValueNode() ? value.asText() : value.toString();
            }
        }
        return null;
    }

    /** The inputs as they are: objects with name, type, value. */
    public List<JsonNode> inputs() {
        List<JsonNode> inputs = new ArrayList<>();
        json.path("inputs").forEach(inputs::add);
        return inputs;
    }

    /** The names of the declared outputs. */
    public List<String> outputNames() {
        List<String> names = new ArrayList<>();
        for (JsonNode output : json.path("outputs")) {
            String name = output.isTextual() ? output.asText() : output.path("name").asText("");
            if (!name.isBlank()) {
                names.add(name);
            }
        }
        return names;
    }
}
