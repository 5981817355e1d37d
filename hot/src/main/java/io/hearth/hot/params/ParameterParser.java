package io.hearth.hot.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.hearth.hot.CfnOutline;
import io.hearth.hot.CfnTemplate;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.params.ParameterConstraint.AllowedPattern;
import io.hearth.hot.params.ParameterConstraint.AllowedValues;
import io.hearth.hot.params.ParameterConstraint.CustomConstraint;
import io.hearth.hot.params.ParameterConstraint.Length;
import io.hearth.hot.params.ParameterConstraint.Modulo;
import io.hearth.hot.params.ParameterConstraint.Range;
import io.hearth.hot.params.ParameterConstraint.Support;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.PatternSyntaxException;

/**
 * Reads the {@code parameters} and {@code parameter_groups} sections of a HOT template and
 * checks them as Heat does before values are given ({@code HOTParamSchema.from_dict},
 * {@code Schema.validate} and {@code ParameterGroups.validate}), reporting every problem rather
 * than the first. Messages are Heat's own; a problem about a parameter's definition that Heat
 * reports through {@code Parameter.validate} carries its prefix
 * {@code Parameter 'name' is invalid: }.
 */
public final class ParameterParser {

    private ParameterParser() {
    }

    /** The keys of a HOT parameter definition; {@code tags} is added in 2018-03-02. */
    private static final List<String> PARAMETER_KEYS = List.of("type", "description", "default", "schema",
            "constraints", "hidden", "label", "immutable");

    /** The keys of a constraint entry (the same in every HOT version). */
    private static final List<String> CONSTRAINT_KEYS = List.of("description", "length", "range", "modulo",
            "allowed_values", "allowed_pattern", "custom_constraint");

    /** Pseudo parameters that Heat lets a parameter group name although no template declares them. */
    private static final Set<String> GROUPABLE_PSEUDO_PARAMETERS = Set.of("OS::stack_id", "OS::project_id");

    private static final Map<String, String> RELEASE_NAMES = Map.of("newton", "2016-10-14", "ocata", "2017-02-24",
            "pike", "2017-09-01", "queens", "2018-03-02", "rocky", "2018-08-31", "wallaby", "2021-04-16");

    /** What a template version allows in its parameters. */
    private record Features(boolean modulo, boolean tags) {
        static Features of(String version) {
            String date = version == null ? null : RELEASE_NAMES.getOrDefault(version, version);
            if (date == null || !date.matches("\\d{4}-\\d{2}-\\d{2}")) {
                return new Features(true, true); // unknown version: the template parser reports it
            }
            return new Features(date.compareTo("2017-02-24") >= 0, date.compareTo("2018-03-02") >= 0);
        }
    }

    /**
     * Parses the parameter sections of a whole template (its version decides modulo and tags); a CFN
     * template's through its {@link CfnOutline}, its problems' paths as the template writes them.
     */
    public static ParameterSection parse(JsonNode template) {
        if (template == null || !template.isObject()) {
            return parse(null, null, null);
        }
        if (CfnTemplate.isCfn(template)) {
            ParameterSection hot = parse(CfnOutline.hot(template));
            return new ParameterSection(hot.templateVersion(), hot.parameters(), hot.groups(),
                    CfnOutline.written(template, hot.problems()), CfnOutline.written(template, hot.warnings()));
        }
        JsonNode version = template.get("heat_template_version");
        return parse(version == null || version.isNull() ? null : version.asText(), template.get("parameters"),
                template.get("parameter_groups"));
    }

    /**
     * Parses a {@code parameters} section and a {@code parameter_groups} section.
     *
     * @param templateVersion the template's {@code heat_template_version}; null or unknown means
     *                        the newest (modulo and tags allowed)
     * @param parameters      the {@code parameters} section, or null
     * @param parameterGroups the {@code parameter_groups} section, or null
     */
    public static ParameterSection parse(String templateVersion, JsonNode parameters, JsonNode parameterGroups) {
        Features features = Features.of(templateVersion);
        List<TemplateProblem> problems = new ArrayList<>();
        List<TemplateProblem> warnings = new ArrayList<>();
        Map<String, ParameterDefinition> definitions = new LinkedHashMap<>();
        // Heat reads "self.t.get('parameters') or {}": an empty or null section is no parameters.
        if (Py.truthy(parameters)) {
            if (!parameters.isObject()) {
                problems.add(new TemplateProblem("parameters", "must be a mapping"));
            } else {
                for (Iterator<Map.Entry<String, JsonNode>> it = parameters.fields(); it.hasNext();) {
                    Map.Entry<String, JsonNode> entry = it.next();
                    definitions.put(entry.getKey(),
                            parameter(entry.getKey(), entry.getValue(), features, problems, warnings));
                }
            }
        }
        List<ParameterGroup> groups = groups(parameterGroups, definitions.keySet(), problems);
        return new ParameterSection(templateVersion, definitions, groups, problems, warnings);
    }

    static String invalid(String name, String message) {
        return "Parameter '" + name + "' is invalid: " + message;
    }

    private static ParameterDefinition parameter(String name, JsonNode node, Features features,
            List<TemplateProblem> problems, List<TemplateProblem> warnings) {
        String path = "parameters." + name;
        if (node == null || !node.isObject()) {
            problems.add(new TemplateProblem(path, "Invalid parameter (" + name + "), expected a mapping"));
            return new ParameterDefinition(name, path, null, null, null, null, false, false, List.of(), List.of(),
                    true);
        }
        for (Iterator<String> keys = node.fieldNames(); keys.hasNext();) {
            String key = keys.next();
            if (!PARAMETER_KEYS.contains(key) && !(features.tags() && key.equals("tags"))) {
                problems.add(new TemplateProblem(path + "." + key,
                        "Invalid key '" + key + "' for parameter (" + name + ")"));
            }
        }
        JsonNode typeNode = node.get("type");
        if (typeNode == null) {
            problems.add(new TemplateProblem(path, "Missing parameter type for parameter: " + name));
        }
        List<String> tags = new ArrayList<>();
        if (features.tags() && node.has("tags")) {
            if (!node.get("tags").isArray()) {
                problems.add(new TemplateProblem(path + ".tags", "Tags property should be a list for parameter: " + name));
            } else {
                node.get("tags").forEach(tag -> tags.add(Py.str(tag)));
            }
        }
        List<ParameterConstraint> constraints = constraints(name, path, node.get("constraints"), features, problems,
                warnings);
        ParameterType type = null;
        if (typeNode != null) {
            type = typeNode.isTextual() ? ParameterType.fromHotName(typeNode.textValue()).orElse(null) : null;
            if (type == null) {
                problems.add(new TemplateProblem(path + ".type", "Invalid type (" + Py.str(typeNode) + ")"));
            }
        }
        JsonNode defaultValue = node.get("default");
        if (defaultValue != null && defaultValue.isNull()) {
            defaultValue = null;
        }
        List<ParameterConstraint> applicable = new ArrayList<>();
        boolean defaultValid = true;
        if (type != null) {
            for (ParameterConstraint constraint : constraints) {
                if (constraint.appliesTo().contains(type)) {
                    applicable.add(constraint);
                } else {
                    problems.add(new TemplateProblem(constraint.path(), invalid(name,
                            constraint.heatName() + " constraint invalid for " + type.hotName())));
                }
            }
            defaultValid = checkDefault(name, path, type, defaultValue, applicable, problems);
        }
        return new ParameterDefinition(name, path, type, optionalText(node.get("label")),
                optionalText(node.get("description")), defaultValue, Py.truthy(node.get("hidden")),
                Py.truthy(node.get("immutable")), tags, applicable, defaultValid);
    }

    private static String optionalText(JsonNode node) {
        return node == null || node.isNull() ? null : Py.str(node);
    }

    /**
     * Heat's {@code Schema._validate_default}: the default against every constraint except
     * custom ones, a comma_delimited_list default split first. Each broken constraint is
     * reported (Heat stops at the first).
     */
    private static boolean checkDefault(String name, String path, ParameterType type, JsonNode defaultValue,
            List<ParameterConstraint> constraints, List<TemplateProblem> problems) {
        if (defaultValue == null) {
            return true;
        }
        JsonNode value = defaultValue;
        if (type == ParameterType.COMMA_DELIMITED_LIST) {
            ArrayNode items = JsonNodeFactory.instance.arrayNode();
            if (defaultValue.isArray()) {
                defaultValue.forEach(item -> items.add(Py.str(item)));
            } else if (defaultValue.isTextual()) {
                // Heat splits the default here without the empty-string special case it uses for values.
                for (String item : Py.split(defaultValue.textValue(), ",")) {
                    items.add(item);
                }
            } else {
                problems.add(new TemplateProblem(path + ".default", invalid(name,
                        "Default must be a comma-delimited list string: '" + Py.typeName(defaultValue)
                                + "' object has no attribute 'split'")));
                return false;
            }
            value = items;
        }
        boolean valid = true;
        for (ParameterConstraint constraint : constraints) {
            if (constraint instanceof CustomConstraint) {
                continue;
            }
            String failure;
            try {
                failure = Constraints.failure(constraint, value, type);
            } catch (PyError e) {
                failure = e.getMessage();
            }
            if (failure != null) {
                problems.add(new TemplateProblem(path + ".default", invalid(name,
                        "Invalid default " + Py.str(defaultValue) + " (" + failure + ")")));
                valid = false;
            }
        }
        return valid;
    }

    private static List<ParameterConstraint> constraints(String name, String path, JsonNode node, Features features,
            List<TemplateProblem> problems, List<TemplateProblem> warnings) {
        List<ParameterConstraint> constraints = new ArrayList<>();
        if (node == null || node.isNull()) {
            return constraints;
        }
        if (!node.isArray()) {
            problems.add(new TemplateProblem(path + ".constraints",
                    "Invalid parameter constraints for parameter " + name + ", expected a list"));
            return constraints;
        }
        List<String> kinds = features.modulo()
                ? List.of("modulo", "range", "length", "allowed_values", "allowed_pattern", "custom_constraint")
                : List.of("range", "length", "allowed_values", "allowed_pattern", "custom_constraint");
        for (int i = 0; i < node.size(); i++) {
            String cpath = path + ".constraints[" + i + "]";
            JsonNode entry = node.get(i);
            if (!entry.isObject()) {
                problems.add(new TemplateProblem(cpath, "Invalid parameter constraints, expected a mapping"));
                continue;
            }
            boolean badKeys = false;
            for (Iterator<String> keys = entry.fieldNames(); keys.hasNext();) {
                String key = keys.next();
                if (!CONSTRAINT_KEYS.contains(key)) {
                    problems.add(new TemplateProblem(cpath + "." + key,
                            "Invalid key '" + key + "' for parameter constraints"));
                    badKeys = true;
                }
            }
            if (badKeys) {
                continue;
            }
            String kind = kinds.stream().filter(entry::has).findFirst().orElse(null);
            if (kind == null) {
                problems.add(new TemplateProblem(cpath, "No constraint expressed"));
                continue;
            }
            for (String other : CONSTRAINT_KEYS) {
                if (!other.equals(kind) && !other.equals("description") && entry.has(other)) {
                    warnings.add(new TemplateProblem(cpath + "." + other, "ignored: Heat applies only the first kind "
                            + "of constraint in an entry, and this entry's is " + kind));
                }
            }
            JsonNode descriptionNode = entry.get("description");
            String description = Py.truthy(descriptionNode) ? Py.str(descriptionNode) : null;
            ParameterConstraint constraint = constraint(kind, cpath + "." + kind, entry.get(kind), description,
                    problems);
            if (constraint == null) {
                continue;
            }
            constraints.add(constraint);
            if (constraint instanceof CustomConstraint custom) {
                warnings.add(new TemplateProblem(custom.path(), customWarning(custom)));
            }
        }
        return constraints;
    }

    private static String customWarning(CustomConstraint custom) {
        switch (custom.support()) {
            case NEEDS_OPENSTACK:
                return "custom_constraint \"" + custom.name() + "\" is not checked: it looks values up in OpenStack ("
                        + custom.name().substring(0, custom.name().indexOf('.')) + "), which Hearth does not have";
            case NOT_CHECKED:
                return "custom_constraint \"" + custom.name() + "\" is not checked: Hearth does not implement it";
            default:
                return "custom_constraint \"" + custom.name() + "\" is not one Heat registers: Heat refuses every "
                        + "value with \"(constraint not found)\"";
        }
    }

    private static ParameterConstraint constraint(String kind, String path, JsonNode definition, String description,
            List<TemplateProblem> problems) {
        switch (kind) {
            case "range":
            case "length":
            case "modulo": {
                List<String> keys = kind.equals("modulo") ? List.of("step", "offset") : List.of("min", "max");
                if (definition == null || !definition.isObject()) {
                    problems.add(new TemplateProblem(path, "Invalid " + kind + " constraint, expected a mapping"));
                    return null;
                }
                boolean badKeys = false;
                for (Iterator<String> it = definition.fieldNames(); it.hasNext();) {
                    String key = it.next();
                    if (!keys.contains(key)) {
                        problems.add(new TemplateProblem(path + "." + key,
                                "Invalid key '" + key + "' for " + kind + " constraint"));
                        badKeys = true;
                    }
                }
                if (badKeys) {
                    return null;
                }
                JsonNode first;
                JsonNode second;
                try {
                    first = number(definition.get(keys.get(0)));
                } catch (PyError e) {
                    problems.add(new TemplateProblem(path + "." + keys.get(0), e.getMessage()));
                    return null;
                }
                try {
                    second = number(definition.get(keys.get(1)));
                } catch (PyError e) {
                    problems.add(new TemplateProblem(path + "." + keys.get(1), e.getMessage()));
                    return null;
                }
                String wrong = kind.equals("range") ? rangeProblem(first, second)
                        : kind.equals("length") ? lengthProblem(first, second) : moduloProblem(first, second);
                if (wrong != null) {
                    problems.add(new TemplateProblem(path, wrong));
                    return null;
                }
                return kind.equals("range") ? new Range(path, description, first, second)
                        : kind.equals("length") ? new Length(path, description, first, second)
                        : new Modulo(path, description, first, second);
            }
            case "allowed_values": {
                if (definition == null || !definition.isArray()) {
                    problems.add(new TemplateProblem(path, "AllowedValues must be a list"));
                    return null;
                }
                List<JsonNode> allowed = new ArrayList<>();
                definition.forEach(allowed::add);
                return new AllowedValues(path, description, allowed);
            }
            case "allowed_pattern": {
                if (definition == null || !definition.isTextual()) {
                    problems.add(new TemplateProblem(path, "AllowedPattern must be a string"));
                    return null;
                }
                try {
                    return new AllowedPattern(path, description, definition.textValue(),
                            Py.compilePattern(definition.textValue()));
                } catch (PatternSyntaxException e) {
                    problems.add(new TemplateProblem(path, "\"" + definition.textValue()
                            + "\" is not a valid regular expression: " + e.getDescription()));
                    return null;
                }
            }
            default: {
                String name = Py.str(definition);
                Support support = definition != null && definition.isTextual() ? Constraints.support(name)
                        : Support.UNKNOWN;
                return new CustomConstraint(path, description, name, support);
            }
        }
    }

    /** Heat's {@code Schema.get_num}: absent or null is none, anything else goes through str_to_num. */
    private static JsonNode number(JsonNode node) {
        return node == null || node.isNull() ? null : Py.strToNum(node);
    }

    private static String rangeProblem(JsonNode min, JsonNode max) {
        return min == null && max == null
                ? "A range constraint must have a min value and/or a max value specified." : null;
    }

    private static String lengthProblem(JsonNode min, JsonNode max) {
        if (min == null && max == null) {
            return "A length constraint must have a min value and/or a max value specified.";
        }
        if ((min != null && !Py.isInt(min)) || (max != null && !Py.isInt(max))) { // a bool is an int
            return "min/max length must be integral";
        }
        return null;
    }

    private static String moduloProblem(JsonNode step, JsonNode offset) {
        if (step == null || offset == null) {
            return "A modulo constraint must have a step value and an offset value specified.";
        }
        for (JsonNode n : List.of(step, offset)) {
            try {
                if (!Py.eq(Py.integer(Py.toInt(n)), n)) { // Heat: if not int(param) == param
                    return "step/offset must be integer";
                }
            } catch (PyError e) {
                return e.getMessage(); // int(nan), int(inf)
            }
        }
        BigInteger s = Py.toInt(step);
        BigInteger o = Py.toInt(offset);
        if (s.signum() == 0) {
            return "step cannot be 0.";
        }
        if (o.abs().compareTo(s.abs()) >= 0) {
            return "offset must be smaller (by absolute value) than step.";
        }
        if (s.signum() * o.signum() < 0) {
            return "step and offset must be both positive or both negative.";
        }
        return null;
    }

    /**
     * Heat's {@code ParameterGroups.validate}: the section must be a list; each group must list
     * its parameters; a parameter belongs to one group only and must be declared.
     */
    private static List<ParameterGroup> groups(JsonNode section, Set<String> declared, List<TemplateProblem> problems) {
        List<ParameterGroup> groups = new ArrayList<>();
        if (!Py.truthy(section)) {
            return groups;
        }
        if (!section.isArray()) {
            problems.add(new TemplateProblem("parameter_groups", "The parameter_groups should be a list."));
            return groups;
        }
        Set<String> grouped = new HashSet<>();
        for (int i = 0; i < section.size(); i++) {
            String gpath = "parameter_groups[" + i + "]";
            JsonNode group = section.get(i);
            if (!group.isObject()) {
                problems.add(new TemplateProblem(gpath, "Each parameter group should be a mapping."));
                continue;
            }
            JsonNode members = group.get("parameters");
            if (members == null || members.isNull()) {
                problems.add(new TemplateProblem(gpath, "The parameters must be provided for each parameter group."));
                continue;
            }
            if (!members.isArray()) {
                problems.add(new TemplateProblem(gpath + ".parameters",
                        "The parameters of parameter group should be a list."));
                continue;
            }
            List<String> names = new ArrayList<>();
            for (int j = 0; j < members.size(); j++) {
                JsonNode member = members.get(j);
                String ppath = gpath + ".parameters[" + j + "]";
                String name = Py.str(member);
                names.add(name);
                // Python compares the YAML values: "5" and 5 are different members.
                String identity = member.isTextual() ? "s:" + name : "v:" + member;
                if (!grouped.add(identity)) {
                    problems.add(new TemplateProblem(ppath,
                            "The " + name + " parameter must be assigned to one parameter group only."));
                    continue;
                }
                if (!member.isTextual()
                        || !(declared.contains(name) || GROUPABLE_PSEUDO_PARAMETERS.contains(name))) {
                    problems.add(new TemplateProblem(ppath,
                            "The grouped parameter " + name + " does not reference a valid parameter."));
                }
            }
            groups.add(new ParameterGroup(optionalText(group.get("label")), optionalText(group.get("description")),
                    names));
        }
        return groups;
    }
}
