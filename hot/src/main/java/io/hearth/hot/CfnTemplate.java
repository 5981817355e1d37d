package io.hearth.hot;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.functions.ExpressionException;
import io.hearth.hot.functions.HotVersion;
import io.hearth.hot.params.ParameterType;
import io.hearth.hot.py.Py;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * CloudFormation-format templates, which Heat accepts beside HOT ({@code heat/engine/cfn/template.py}):
 * {@code AWSTemplateFormatVersion: 2010-09-09} and Heat's own {@code HeatTemplateFormatVersion:
 * 2012-12-12} (no {@code Conditions}, no {@code Fn::If}). This class recognises one and checks its
 * outline with Heat's messages; {@link CfnOutline} gives the rest of the module the same template under
 * HOT's section names, and puts the paths of what it finds back into the template's own terms.
 */
public final class CfnTemplate {

    /** The keys under which a template declares a CFN version. */
    public static final List<String> VERSION_KEYS = List.of(HotVersion.CFN_KEY, HotVersion.HEAT_CFN_KEY);

    private static final Set<String> SECTIONS = Set.of(HotVersion.CFN_KEY, HotVersion.HEAT_CFN_KEY, "Description",
            "Mappings", "Parameters", "Resources", "Outputs");

    /** Heat's {@code parameters.PARAMETER_KEYS}: what a CFN parameter may say. */
    static final List<String> PARAMETER_KEYS = List.of("Type", "Default", "NoEcho", "AllowedValues",
            "AllowedPattern", "MaxLength", "MinLength", "MaxValue", "MinValue", "Description",
            "ConstraintDescription", "Label");

    private static final Set<String> DELETION_POLICIES = Set.of("Delete", "Retain", "Snapshot");

    private CfnTemplate() {
    }

    /** Whether the template declares a CFN version (and no HOT one). */
    public static boolean isCfn(JsonNode template) {
        return template != null && template.isObject() && !template.has(HotVersion.KEY)
                && VERSION_KEYS.stream().anyMatch(template::has);
    }

    /**
     * The CFN version a template declares.
     *
     * @throws ExpressionException with Heat's message when Heat does not know it
     */
    public static HotVersion version(JsonNode template) {
        String key = VERSION_KEYS.stream().filter(template::has).findFirst().orElseThrow();
        JsonNode value = template.get(key);
        return HotVersion.of(key, value.isValueNode() ? value.asText() : value.toString());
    }

    /**
     * Heat's checks of a CFN template's outline ({@code Template.validate}, {@code _rsrc_defn_args},
     * {@code Schema.from_dict}, the outputs' and conditions' checks), each with its path. Unknown keys
     * in a resource or output are ignored, as Heat ignores them.
     */
    static List<TemplateProblem> check(JsonNode template) {
        List<TemplateProblem> problems = new ArrayList<>();
        HotVersion version = null;
        try {
            version = version(template);
        } catch (ExpressionException e) {
            problems.add(new TemplateProblem("", e.heatMessage()));
        }
        boolean conditions = version != HotVersion.HEAT_2012_12_12;
        template.fieldNames().forEachRemaining(section -> {
            if (!SECTIONS.contains(section) && !(conditions && section.equals("Conditions"))) {
                problems.add(new TemplateProblem(section, "The template section is invalid: " + section));
            }
        });
        each(template, "Parameters", problems, (name, parameter) -> parameter(name, parameter, problems));
        if (conditions && Py.truthy(template.get("Conditions")) && !template.get("Conditions").isObject()) {
            problems.add(new TemplateProblem("Conditions", "Condition definitions must be a map. Found a "
                    + Py.typeName(template.get("Conditions")) + " instead"));
        }
        each(template, "Resources", problems, (name, resource) -> resource(name, resource, conditions, problems));
        each(template, "Outputs", problems, (name, output) -> {
            if (!output.isObject()) {
                problems.add(new TemplateProblem("Outputs." + name, "Output definitions must be a map. Found a "
                        + Py.typeName(output) + " instead"));
            } else if (!output.has("Value")) {
                problems.add(new TemplateProblem("Outputs." + name, "Each output definition must contain a Value key."));
            }
        });
        return problems;
    }

    private static void each(JsonNode template, String section, List<TemplateProblem> problems,
            BiConsumer<String, JsonNode> check) {
        JsonNode node = template.get(section);
        if (!Py.truthy(node)) {
            return;
        }
        if (!node.isObject()) {
            problems.add(new TemplateProblem(section, "must be a mapping"));
            return;
        }
        node.properties().forEach(e -> check.accept(e.getKey(), e.getValue()));
    }

    /** {@code Schema._validate_dict}: a mapping of known keys with a known {@code Type}. */
    private static void parameter(String name, JsonNode parameter, List<TemplateProblem> problems) {
        String path = "Parameters." + name;
        if (!parameter.isObject()) {
            problems.add(new TemplateProblem(path, "Invalid parameter (" + name + "), expected a mapping"));
            return;
        }
        parameter.fieldNames().forEachRemaining(key -> {
            if (!PARAMETER_KEYS.contains(key)) {
                problems.add(new TemplateProblem(path + "." + key, "Invalid key '" + key + "' for parameter (" + name
                        + ")"));
            }
        });
        JsonNode type = parameter.get("Type");
        if (type == null) {
            problems.add(new TemplateProblem(path, "Missing parameter type for parameter: " + name));
        } else if (!type.isTextual() || ParameterType.fromCfnName(type.textValue()).isEmpty()) {
            problems.add(new TemplateProblem(path + ".Type", "Invalid type (" + Py.str(type) + ")"));
        }
    }

    /** {@code Template.validate} and {@code _rsrc_defn_args}: a mapping with a string Type, each field of its kind. */
    private static void resource(String name, JsonNode resource, boolean conditions, List<TemplateProblem> problems) {
        String path = "Resources." + name;
        TemplateParser.checkName(name, path, problems);
        if (!Py.truthy(resource) || (resource.isObject() && !Py.truthy(resource.get("Type")))) {
            problems.add(new TemplateProblem(path, "Each Resource must contain a Type key."));
            return;
        }
        if (!resource.isObject()) {
            problems.add(new TemplateProblem(path, "Resources must contain Resource. Found a [<class '"
                    + Py.typeName(resource) + "'>] instead"));
            return;
        }
        JsonNode type = resource.get("Type");
        if (!type.isTextual()) {
            problems.add(field(name, "Type", "string"));
        } else if (type.textValue().codePointCount(0, type.textValue().length()) > TemplateParser.MAX_NAME) {
            problems.add(new TemplateProblem(path + ".Type", "a resource type must be at most "
                    + TemplateParser.MAX_NAME + " characters, not " + type.textValue().codePointCount(0,
                    type.textValue().length())));
        }
        for (String key : List.of("Properties", "Metadata", "UpdatePolicy")) {
            if (resource.has(key) && !resource.get(key).isObject()) {
                problems.add(field(name, key, "object"));
            }
        }
        JsonNode depends = resource.get("DependsOn");
        if (depends != null && !depends.isTextual() && !depends.isArray()) {
            problems.add(field(name, "DependsOn", "list or string"));
        } else if (depends != null && depends.isArray()) {
            for (JsonNode d : depends) {
                if (!d.isTextual()) {
                    problems.add(new TemplateProblem(path + ".DependsOn", "Resource " + name
                            + " DependsOn must be a list of strings"));
                    break;
                }
            }
        }
        JsonNode policy = resource.get("DeletionPolicy");
        if (policy != null && !policy.isTextual() && !policy.isObject()) {
            problems.add(field(name, "DeletionPolicy", "string"));
        } else if (policy != null && policy.isTextual() && !DELETION_POLICIES.contains(policy.textValue())) {
            problems.add(new TemplateProblem(path + ".DeletionPolicy", "Invalid deletion policy \""
                    + policy.textValue() + "\""));
        }
        if (resource.has("Description") && !resource.get("Description").isTextual()) {
            problems.add(field(name, "Description", "string"));
        }
        JsonNode condition = resource.get("Condition");
        if (conditions && condition != null && !condition.isTextual() && !condition.isBoolean()
                && !condition.isObject()) {
            problems.add(field(name, "Condition", "string or boolean"));
        }
    }

    /** {@code _parse_resource_field}'s refusal of a field of the wrong kind. */
    private static TemplateProblem field(String name, String key, String kind) {
        return new TemplateProblem("Resources." + name + "." + key, "Resource " + name + " " + key + " type must be "
                + kind);
    }

    /** The keys of a CFN resource, by the HOT key the outline gives each. */
    static final Map<String, String> RESOURCE_KEYS = Map.of("type", "Type", "properties", "Properties",
            "metadata", "Metadata", "depends_on", "DependsOn", "deletion_policy", "DeletionPolicy",
            "update_policy", "UpdatePolicy", "description", "Description", "condition", "Condition");

    /** The keys of a CFN output, by the HOT key the outline gives each. */
    static final Map<String, String> OUTPUT_KEYS = Map.of("value", "Value", "description", "Description",
            "condition", "Condition");
}
