package io.hearth.hot.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.py.Py;
import java.util.Iterator;
import java.util.Map;

/**
 * The environment of a nested stack, as Heat's {@code environment.get_child_environment} builds it from its
 * parent's: every section of the parent's environment ({@code resource_registry}, {@code parameter_defaults},
 * ...) with {@code parameters} replaced by the values the parent's resource passes; the registry entry that
 * made the resource a template resource (its own {@code resources.NAME} entry, else the top-level one) removed
 * (so a template cannot nest itself through it), and the registry's {@code resources} section narrowed to the
 * entries for that resource ({@code remove_resources_except}).
 */
public final class ChildEnvironment {

    private ChildEnvironment() {
    }

    /**
     * @param parent        the parent stack's environment as stored; may be null
     * @param parameters    the nested stack's parameter values (a map); may be null
     * @param resourceName  the parent's resource that owns the nested stack
     * @param requestedType the type the resource gave, whose registry entry is removed; may be null
     */
    public static ObjectNode of(JsonNode parent, JsonNode parameters, String resourceName, String requestedType) {
        ObjectNode env = parent != null && parent.isObject() ? ((ObjectNode) parent).deepCopy()
                : JsonNodeFactory.instance.objectNode();
        env.set("parameters", parameters != null && parameters.isObject() ? parameters.deepCopy()
                : JsonNodeFactory.instance.objectNode());
        JsonNode registry = env.get("resource_registry");
        if (registry instanceof ObjectNode entries) {
            JsonNode own = entries.path("resources").path(resourceName);
            if (requestedType != null && own.path(requestedType).isTextual()) {
                ((ObjectNode) own).remove(requestedType); // a per-resource entry is tried first: it made the resource
            } else if (requestedType != null && entries.path(requestedType).isTextual()) {
                entries.remove(requestedType);
            }
            if (entries.get("resources") instanceof ObjectNode resources) {
                entries.set("resources", narrowed(resources, resourceName));
            }
        }
        return env;
    }

    /** Heat's {@code remove_resources_except}: the entries of every pattern the name matches, its own last. */
    private static ObjectNode narrowed(ObjectNode resources, String resourceName) {
        ObjectNode kept = JsonNodeFactory.instance.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = resources.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            if (entry.getValue().isObject() && Py.fnmatchcase(resourceName, entry.getKey())) {
                kept.setAll((ObjectNode) entry.getValue());
            }
        }
        if (resources.get(resourceName) instanceof ObjectNode own) {
            kept.setAll(own);
        }
        return kept;
    }
}
