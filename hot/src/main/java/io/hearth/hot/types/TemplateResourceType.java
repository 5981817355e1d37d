package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.CfnOutline;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;

/**
 * The resource type of a template resource, made from its template as Heat's {@code TemplateResource} makes
 * it ({@code Properties.schema_from_params}, {@code Attributes.schema_from_outputs}): a property per parameter
 * (required when it has no default, neither in the template nor in the environment's {@code parameter_defaults};
 * every one {@code update_allowed}: the nested stack is updated in place and its resources decide), an attribute
 * per output, plus {@code OS::stack_id} (the nested stack's id). {@link #facadeProblem} is Heat's check of such a
 * template against the facade type it stands for.
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
    public static ResourceType of(String typeName, JsonNode template) {
        return of(typeName, template, null);
    }

    /**
     * @param typeName          the type the template gave (a file name, or the name the environment maps to one)
     * @param written           the nested template, its outline checked (a CFN template's {@code Parameters}
     *                          and {@code Outputs} are its properties and attributes)
     * @param parameterDefaults the environment's {@code parameter_defaults} (a parameter named there is not
     *                          required, as Heat's {@code param_schemata(param_defaults)} has it); may be null
     */
    public static ResourceType of(String typeName, JsonNode written, JsonNode parameterDefaults) {
        return build(typeName, written, parameterDefaults, false);
    }

    /**
     * The type with each property typed as Heat types a property made from a parameter ({@code json} a map,
     * {@code comma_delimited_list} a list), for {@link #facadeProblem}.
     */
    private static ResourceType build(String typeName, JsonNode written, JsonNode parameterDefaults,
            boolean heatTypes) {
        JsonNode template = CfnOutline.hot(written);
        JsonNode description = template.get("description");
        ResourceType.Builder type = ResourceType.builder(typeName, "TemplateResource")
                .attributeMode(ResourceType.AttributeMode.NESTED_OUTPUTS)
                .description(description != null && description.isTextual() ? description.textValue() : "");
        JsonNode parameters = template.get("parameters");
        if (parameters != null && parameters.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = parameters.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> parameter = it.next();
                boolean defaulted = parameterDefaults != null && parameterDefaults.has(parameter.getKey());
                type.property(parameter.getKey(), property(parameter.getValue(), defaulted, heatTypes));
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
     * them ({@code allow_conversion}) and the nested stack's parameters check the value (with {@code heatTypes},
     * they are the map and the list Heat's schema names).
     */
    private static PropertySchema property(JsonNode parameter, boolean defaulted, boolean heatTypes) {
        String kind = parameter.path("type").asText("");
        PropertyType type = switch (kind) {
            case "string" -> PropertyType.STRING;
            case "number" -> PropertyType.NUMBER;
            case "boolean" -> PropertyType.BOOLEAN;
            case "json" -> heatTypes ? PropertyType.MAP : PropertyType.ANY;
            case "comma_delimited_list" -> heatTypes ? PropertyType.LIST : PropertyType.ANY;
            default -> PropertyType.ANY;
        };
        JsonNode description = parameter.get("description");
        PropertySchema.Builder schema = PropertySchema.of(type, description != null && description.isTextual()
                ? description.textValue() : null).updateAllowed();
        if (!parameter.has("default") && !defaulted) {
            schema.required();
        }
        return schema.build();
    }

    /**
     * Heat's {@code TemplateResource._validate_against_facade}: a template that the environment gives for a type
     * that is also something else (a built-in type, or another template: the facade) must offer the facade's
     * interface. The first difference is the problem, in Heat's words: a property the facade requires that the
     * template lacks, a property whose type differs, a property the template requires that the facade does not
     * know, an attribute of the facade that the template has no output for.
     *
     * @param typeName          the type the resource gives (the facade's name)
     * @param provider          the template that provides the resource
     * @param parameterDefaults the environment's {@code parameter_defaults}; may be null
     * @param facade            the facade: a built-in type, or a template resource's type
     *                          ({@link #of(String, JsonNode, JsonNode)}, or its template through
     *                          {@code facadeTemplate})
     * @param facadeTemplate    the facade's template when the facade is a template, else null
     * @return Heat's message, or empty when the template offers the facade's interface
     */
    public static Optional<String> facadeProblem(String typeName, JsonNode provider, JsonNode parameterDefaults,
            ResourceType facade, JsonNode facadeTemplate) {
        ResourceType offered = build(typeName, provider, parameterDefaults, true);
        ResourceType wanted = facadeTemplate == null ? facade
                : build(typeName, facadeTemplate, parameterDefaults, true);
        Map<String, PropertySchema> have = offered.properties();
        for (Map.Entry<String, PropertySchema> f : wanted.properties().entrySet()) {
            PropertySchema p = have.get(f.getKey());
            if (p == null) {
                if (f.getValue().required()) {
                    return Optional.of("Required property " + f.getKey() + " for facade " + typeName
                            + " missing in provider");
                }
                continue;
            }
            PropertyType expected = f.getValue().type() == PropertyType.INTEGER ? PropertyType.NUMBER
                    : f.getValue().type();
            // Heat's allowed_param_prop_type has no Any: such a facade property takes any provider's type
            if (expected != PropertyType.ANY && expected != p.type()) {
                return Optional.of("Property " + f.getKey() + " type mismatch between facade " + typeName + " ("
                        + f.getValue().type().heatName() + ") and provider (" + p.type().heatName() + ")");
            }
        }
        for (Map.Entry<String, PropertySchema> p : have.entrySet()) {
            if (p.getValue().required() && !wanted.properties().containsKey(p.getKey())) {
                return Optional.of("Provider requires property " + p.getKey() + " unknown in facade " + typeName);
            }
        }
        for (String attribute : wanted.attributes().keySet()) {
            if (!offered.attributes().containsKey(attribute)) {
                return Optional.of("Attribute " + attribute + " for facade " + typeName + " missing in provider");
            }
        }
        return Optional.empty();
    }
}
