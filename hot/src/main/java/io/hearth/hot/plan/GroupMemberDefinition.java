package io.hearth.hot.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;

/**
 * A ResourceGroup member's definition (Heat's {@code build_resource_definition}): the group's {@code resource_def}
 * {@code {type, properties, metadata}} with {@code index_var} replaced by the member's name in every string of the
 * properties (not in keys, not in metadata, as Heat does), properties whose value is null left out
 * ({@code _clean_props}). The planner validates the first member with it, the group's handler builds every member.
 */
public final class GroupMemberDefinition {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private GroupMemberDefinition() {
    }

    /** The definition of the member {@code name}. */
    public static JsonNode of(JsonNode resourceDef, String indexVar, String name) {
        ObjectNode definition = JSON.objectNode();
        definition.set("type", resourceDef.path("type").deepCopy());
        JsonNode properties = resourceDef.get("properties");
        if (properties != null && properties.isObject() && !properties.isEmpty()) {
            ObjectNode clean = JSON.objectNode();
            properties.fields().forEachRemaining(p -> {
                if (!p.getValue().isNull()) {
                    clean.set(p.getKey(), replace(p.getValue(), indexVar, name));
                }
            });
            definition.set("properties", clean);
        }
        JsonNode metadata = resourceDef.get("metadata");
        if (metadata != null && !metadata.isNull()) {
            definition.set("metadata", metadata.deepCopy());
        }
        return definition;
    }

    private static JsonNode replace(JsonNode value, String var, String name) {
        if (value.isTextual()) {
            return TextNode.valueOf(value.textValue().replace(var, name));
        }
        if (value.isObject()) {
            ObjectNode copy = JSON.objectNode();
            value.fields().forEachRemaining(e -> copy.set(e.getKey(), replace(e.getValue(), var, name)));
            return copy;
        }
        if (value.isArray()) {
            ArrayNode copy = JSON.arrayNode();
            value.forEach(item -> copy.add(replace(item, var, name)));
            return copy;
        }
        return value;
    }
}
