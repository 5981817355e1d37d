package io.hearth.hot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.functions.HotVersion;
import io.hearth.hot.params.ParameterType;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import io.hearth.hot.read.SourcePath;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * A template as the rest of the module reads it: HOT's sections, whatever format it was written in. A CFN
 * template's sections and keys get HOT's names ({@code Resources.x.Properties} becomes
 * {@code resources.x.properties}, a parameter's {@code MinLength} a {@code length} constraint), its
 * version becomes {@code heat_template_version} (a CFN date, which {@link HotVersion#ofPlan} knows) and
 * its {@code Mappings} stay under their own name; the functions inside stay as written, since the
 * evaluation knows CFN's. {@link #written} puts the paths of problems found in the outline back into the
 * template's own terms. A HOT template is its own outline.
 */
public final class CfnOutline {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** The CFN section of each HOT section. */
    private static final Map<String, String> SECTIONS = Map.of("heat_template_version", HotVersion.CFN_KEY,
            "description", "Description", "parameters", "Parameters", "resources", "Resources", "outputs",
            "Outputs", "conditions", "Conditions");

    private CfnOutline() {
    }

    /** The template under HOT's section names; a HOT template (or one that is no template) as it is. */
    public static JsonNode hot(JsonNode template) {
        if (!CfnTemplate.isCfn(template)) {
            return template;
        }
        HotVersion version = CfnTemplate.version(template);
        boolean conditions = version != HotVersion.HEAT_2012_12_12;
        ObjectNode out = NODES.objectNode();
        out.put(HotVersion.KEY, version.date());
        copy(template, "Description", out, "description");
        copy(template, "Mappings", out, "Mappings");
        if (conditions) {
            copy(template, "Conditions", out, "conditions");
        }
        JsonNode parameters = template.get("Parameters");
        if (parameters != null && parameters.isObject()) {
            ObjectNode section = out.putObject("parameters");
            parameters.properties().forEach(e -> section.set(e.getKey(), parameter(e.getValue())));
        }
        section(template.get("Resources"), out, "resources", CfnTemplate.RESOURCE_KEYS, conditions);
        section(template.get("Outputs"), out, "outputs", CfnTemplate.OUTPUT_KEYS, conditions);
        return out;
    }

    private static void copy(JsonNode from, String key, ObjectNode to, String as) {
        if (from.has(key)) {
            to.set(as, from.get(key));
        }
    }

    /** Resources or outputs: each definition's keys renamed (keys Heat ignores are left out). */
    private static void section(JsonNode section, ObjectNode out, String name, Map<String, String> keys,
            boolean conditions) {
        if (section == null || !section.isObject()) {
            return;
        }
        ObjectNode hot = out.putObject(name);
        section.properties().forEach(e -> {
            if (!e.getValue().isObject()) {
                hot.set(e.getKey(), e.getValue());
                return;
            }
            ObjectNode definition = hot.putObject(e.getKey());
            keys.forEach((hotKey, cfnKey) -> {
                if (e.getValue().has(cfnKey) && (conditions || !hotKey.equals("condition"))) {
                    definition.set(hotKey, e.getValue().get(cfnKey));
                }
            });
        });
    }

    /** Heat's {@code Schema.from_dict}: a CFN parameter as the HOT parameter it stands for. */
    private static JsonNode parameter(JsonNode cfn) {
        if (!cfn.isObject()) {
            return cfn;
        }
        ObjectNode hot = NODES.objectNode();
        JsonNode type = cfn.path("Type");
        hot.put("type", ParameterType.fromCfnName(type.asText()).map(ParameterType::hotName).orElse(type.asText()));
        copy(cfn, "Description", hot, "description");
        copy(cfn, "Default", hot, "default");
        copy(cfn, "Label", hot, "label");
        if (cfn.has("NoEcho")) {
            hot.put("hidden", Py.str(cfn.get("NoEcho")).equalsIgnoreCase("true"));
        }
        JsonNode description = cfn.get("ConstraintDescription");
        for (String kind : constraintKinds(cfn)) {
            ObjectNode constraint = hot.withArray("constraints").addObject();
            switch (kind) {
                case "range" -> constraint.set(kind, bounds(cfn, "MinValue", "MaxValue"));
                case "length" -> constraint.set(kind, bounds(cfn, "MinLength", "MaxLength"));
                case "allowed_values" -> constraint.set(kind, cfn.get("AllowedValues"));
                default -> constraint.set(kind, cfn.get("AllowedPattern"));
            }
            if (description != null) {
                constraint.set("description", description);
            }
        }
        return hot;
    }

    /** The constraints a CFN parameter makes, in Heat's order. */
    private static List<String> constraintKinds(JsonNode cfn) {
        List<String> kinds = new ArrayList<>();
        if (cfn.has("MinValue") || cfn.has("MaxValue")) {
            kinds.add("range");
        }
        if (cfn.has("MinLength") || cfn.has("MaxLength")) {
            kinds.add("length");
        }
        if (cfn.has("AllowedValues")) {
            kinds.add("allowed_values");
        }
        if (cfn.has("AllowedPattern")) {
            kinds.add("allowed_pattern");
        }
        return kinds;
    }

    /** {@code min}/{@code max} from CFN's bounds, read as numbers ({@code Schema.get_num}) where they are. */
    private static ObjectNode bounds(JsonNode cfn, String min, String max) {
        ObjectNode bounds = NODES.objectNode();
        for (String[] bound : new String[][] {{min, "min"}, {max, "max"}}) {
            JsonNode value = cfn.get(bound[0]);
            if (value != null && !value.isNull()) {
                try {
                    bounds.set(bound[1], Py.strToNum(value));
                } catch (PyError e) {
                    bounds.set(bound[1], value); // refused as HOT refuses it
                }
            }
        }
        return bounds;
    }

    /** The problems found in {@link #hot}'s outline, their paths in the template's own terms. */
    public static List<TemplateProblem> written(JsonNode template, List<TemplateProblem> problems) {
        if (!CfnTemplate.isCfn(template)) {
            return problems;
        }
        return problems.stream().map(p -> new TemplateProblem(path(template, p.path()), p.message())).toList();
    }

    /** The exception with every problem's path in the template's own terms. */
    public static TemplateException written(JsonNode template, TemplateException e) {
        return CfnTemplate.isCfn(template) ? new TemplateException(written(template, e.problems())) : e;
    }

    /** {@code resources.x.properties.y} as {@code Resources.x.Properties.y}, and so on. */
    static String path(JsonNode template, String path) {
        if (path == null) {
            return null;
        }
        for (Map.Entry<String, String> section : SECTIONS.entrySet()) {
            String hot = section.getKey();
            if (!within(path, hot)) {
                continue;
            }
            String cfnSection = hot.equals("heat_template_version")
                    ? CfnTemplate.VERSION_KEYS.stream().filter(template::has).findFirst().orElseThrow()
                    : section.getValue();
            JsonNode definitions = template.path(cfnSection);
            List<String> names = new ArrayList<>();
            definitions.fieldNames().forEachRemaining(names::add);
            names.sort(Comparator.comparingInt(String::length).reversed());
            for (String name : names) {
                for (String prefix : List.of(SourcePath.key(hot, name), hot + "." + name)) {
                    if (within(path, prefix)) {
                        return SourcePath.key(cfnSection, name)
                                + key(hot, definitions.get(name), path.substring(prefix.length()));
                    }
                }
            }
            return cfnSection + path.substring(hot.length());
        }
        return path;
    }

    private static boolean within(String path, String prefix) {
        return path.equals(prefix) || path.startsWith(prefix + ".") || path.startsWith(prefix + "[");
    }

    /** The rest of a path inside one resource, output or parameter, its first key in CFN's terms. */
    private static String key(String section, JsonNode definition, String rest) {
        if (!rest.startsWith(".")) {
            return rest;
        }
        int end = rest.length();
        for (int i = 1; i < rest.length(); i++) {
            if (rest.charAt(i) == '.' || rest.charAt(i) == '[') {
                end = i;
                break;
            }
        }
        String key = rest.substring(1, end);
        String tail = rest.substring(end);
        String cfn = switch (section) {
            case "resources" -> CfnTemplate.RESOURCE_KEYS.get(key);
            case "outputs" -> CfnTemplate.OUTPUT_KEYS.get(key);
            case "parameters" -> parameterKey(definition, key, tail);
            default -> null;
        };
        if (cfn == null) {
            return rest;
        }
        return "." + cfn + (section.equals("parameters") ? "" : tail);
    }

    /** A HOT parameter key (and for a constraint, which one) as the CFN key it came from. */
    private static String parameterKey(JsonNode definition, String key, String tail) {
        switch (key) {
            case "type":
                return "Type";
            case "default":
                return "Default";
            case "description":
                return "Description";
            case "label":
                return "Label";
            case "hidden":
                return "NoEcho";
            case "constraints":
                break;
            default:
                return null;
        }
        List<String> kinds = constraintKinds(definition);
        int close = tail.indexOf(']');
        int index = tail.startsWith("[") && close > 0 ? Integer.parseInt(tail.substring(1, close)) : -1;
        if (index < 0 || index >= kinds.size()) {
            return null;
        }
        String inner = tail.substring(close + 1);
        if (inner.startsWith(".description")) {
            return "ConstraintDescription";
        }
        return switch (kinds.get(index)) {
            case "range" -> inner.startsWith(".range.max") || !definition.has("MinValue") ? "MaxValue" : "MinValue";
            case "length" -> inner.startsWith(".length.max") || !definition.has("MinLength") ? "MaxLength" : "MinLength";
            case "allowed_values" -> "AllowedValues";
            default -> "AllowedPattern";
        };
    }
}
