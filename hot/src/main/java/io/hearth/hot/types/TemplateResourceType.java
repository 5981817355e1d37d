package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.CfnOutline;
import java.util.Iterator;
import java.util.Map;

/**
 * The resource type of a template resource, made from its template as Heat's {@code TemplateResource} makes
 * it ({@code Properties.schema_from_params}, {@code Attributes.schema_from_outputs}): a property per parameter
 * (required when it has no default, every one {@code update_allowed}: the nested stack is updated in place and
 * its resources decide), an attribute per output, plus {@code OS::stack_id} (the nested stack's id).
 */
public final class TemplateResourceType {

    /** The attribute every template resource has: its nested stack's id. */
    public static final String STACK_ID = "OS::stack_id";

    private TemplateResourceType() {
    }

    /**
     * @param typeName the type the template gave (a file name, or the name the environment maps to one)
     * @param template the nested template, its outline checked (a CFN template's {@code Parameters} and
     *                 {@code Outputs} are its properties and attributes)
     */
    public static ResourceType of(String typeName, JsonNode written) {
        JsonNode template = CfnOutline.hot(written);
        JsonNode description = template.get("description");
        ResourceType.Builder type = ResourceType.builder(typeName, "TemplateResource")
                // Heat's TemplateResource overrides get_attribute, so Heat's validation accepts any name (a
                // placeholder while the resource is INIT); one the nested stack lacks fails when it is read
                .attributeMode(ResourceType.AttributeMode.ANY)
                .description(description != null && description.isTextual() ? description.textValue() : "");
        JsonNode parameters = template.get("parameters");
        if (parameters != null && parameters.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = parameters.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> parameter = it.next();
                type.property(parameter.getKey(), property(parameter.getValue()));
            }
        }
        JsonNode outputs = template.get("outputs");
        if (outputs != null && outputs.isObject()) {
            outputs.fields().forEachRemaining(output -> {
                JsonNode text = output.getValue().path("description");
                type.attribute(output.getKey(), AttributeSchema.of(text.isTextual() ? text.textValue() : null, null));
            });
        }
        type.attribute(STACK_ID, AttributeSchema.of("The nested stack's id.", "String"));
        return type.build();
    }

    /**
     * {@code Schema.from_parameter}: string, number and boolean parameters become properties of that type;
     * {@code json} and {@code comma_delimited_list} take any value, since Heat converts strings and lists for
     * them ({@code allow_conversion}) and the nested stack's parameters check the value.
     */
    private static PropertySchema property(JsonNode parameter) {
        String kind = parameter.path("type").asText("");
        PropertyType type = switch (kind) {
            case "string" -> PropertyType.STRING;
            case "number" -> PropertyType.NUMBER;
            case "boolean" -> PropertyType.BOOLEAN;
            default -> PropertyType.ANY;
        };
        JsonNode description = parameter.get("description");
        PropertySchema.Builder schema = PropertySchema.of(type, description != null && description.isTextual()
                ? description.textValue() : null).updateAllowed();
        if (!parameter.has("default")) {
            schema.required();
        }
        return schema.build();
    }
}
