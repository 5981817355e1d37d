package io.hearth.hot.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.hot.types.PropertySchema;
import io.hearth.hot.types.ResourceType;
import io.hearth.hot.types.ResourceTypes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A planned resource's properties and attributes as Heat shows them before the resource exists
 * (stack preview: {@code format_resource_properties} and {@code format_resource_attributes}).
 */
public final class PreviewValues {

    private PreviewValues() {
    }

    /**
     * Every property of the resource's type, in the schema's order: the planned value, else the
     * schema's default, else null. A type Hearth has no schema for shows its planned properties;
     * OS::Heat::None, which takes any property and ignores them, shows none. A planned value that
     * waits for another resource stays a function ({@code {"get_attr": [...]}}).
     */
    public static Map<String, JsonNode> properties(PlannedResource resource) {
        Map<String, JsonNode> shown = new LinkedHashMap<>();
        Optional<ResourceType> type = ResourceTypes.heat().get(resource.type());
        JsonNode planned = resource.properties();
        if (type.isEmpty()) {
            if (planned != null && planned.isObject()) {
                planned.fields().forEachRemaining(e -> shown.put(e.getKey(), e.getValue()));
            }
            return shown;
        }
        if (type.get().acceptsAnyProperties()) {
            return shown;
        }
        for (Map.Entry<String, PropertySchema> property : type.get().properties().entrySet()) {
            JsonNode value = planned == null ? null : planned.get(property.getKey());
            if (value == null || value.isNull()) {
                value = property.getValue().hasDefault() ? property.getValue().defaultValue() : NullNode.instance;
            }
            shown.put(property.getKey(), value);
        }
        return shown;
    }

    /** Every attribute of the resource's type except {@code show}, each null until the resource exists. */
    public static Map<String, JsonNode> attributes(PlannedResource resource) {
        Map<String, JsonNode> shown = new LinkedHashMap<>();
        ResourceTypes.heat().get(resource.type()).ifPresent(type -> type.attributes().keySet().stream()
                .filter(name -> !name.equals(ResourceType.SHOW))
                .forEach(name -> shown.put(name, NullNode.instance)));
        return shown;
    }
}
