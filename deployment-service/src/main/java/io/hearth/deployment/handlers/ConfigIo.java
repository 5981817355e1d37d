package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A software config's input and output definitions as Heat stores them ({@code software_config_io}):
 * {@code type} defaults to {@code String}; an input's {@code replace_on_change} is kept only when true;
 * an output's {@code error_output} defaults to false, Hearth's {@code fact} (publish the value to the stack's data
 * bag) is kept only when true; null values are left out.
 */
final class ConfigIo {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private ConfigIo() {
    }

    /** {@code InputConfig.as_dict} of each input. */
    static ArrayNode inputs(JsonNode inputs) {
        ArrayNode out = JSON.arrayNode();
        if (inputs == null || !inputs.isArray()) {
            return out;
        }
        for (JsonNode input : inputs) {
            ObjectNode entry = withoutNulls(input);
            entry.putIfAbsent("type", JSON.textNode("String"));
            if (!entry.path("replace_on_change").asBoolean(false)) {
                entry.remove("replace_on_change");
            }
            out.add(entry);
        }
        return out;
    }

    /** {@code OutputConfig.as_dict} of each output. */
    static ArrayNode outputs(JsonNode outputs) {
        ArrayNode out = JSON.arrayNode();
        if (outputs == null || !outputs.isArray()) {
            return out;
        }
        for (JsonNode output : outputs) {
            ObjectNode entry = withoutNulls(output);
            entry.putIfAbsent("type", JSON.textNode("String"));
            entry.putIfAbsent("error_output", JSON.booleanNode(false));
            if (!entry.path("fact").asBoolean(false)) {
                entry.remove("fact"); // Hearth's: kept only when true, as an input's replace_on_change
            }
            out.add(entry);
        }
        return out;
    }

    private static ObjectNode withoutNulls(JsonNode definition) {
        ObjectNode entry = JSON.objectNode();
        definition.fields().forEachRemaining(e -> {
            if (!e.getValue().isNull()) {
                entry.set(e.getKey(), e.getValue());
            }
        });
        return entry;
    }
}
