package io.hearth.hot.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import io.hearth.hot.py.PyJson;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gives each template parameter its value as Heat does ({@code heat/engine/parameters.py}).
 *
 * <p>A parameter's value is, in order of precedence: the request's value, the environment's
 * {@code parameters} value (Heat merges the request's parameters over the environment's), the
 * environment's {@code parameter_defaults} value, the template's {@code default}. A JSON null
 * counts as no value. A name in the request or in the environment's {@code parameters} that
 * the template does not declare is an error; a name in {@code parameter_defaults} that it does
 * not declare is ignored.
 *
 * <p>Values are converted to the declared type as Heat converts them: a number from a JSON
 * number or from text Python's {@code int()} or {@code float()} reads ({@code "42"},
 * {@code "4.2"}, {@code " 1e3 "}); a boolean from a JSON boolean or from the words oslo's
 * {@code bool_from_string(strict=True)} takes ({@code true/false, yes/no, on/off, y/n, t/f, 1/0},
 * any case); a comma_delimited_list from a JSON list (each item as Python's {@code str}) or from
 * text split at every comma ({@code ""} is the empty list; items are not trimmed); a json value
 * from JSON, or from text read as JSON; a string from text, or any other JSON as Python's
 * {@code str} of it. Each value is then checked against every constraint; every problem is
 * reported, each worded as Heat words it.
 */
public final class ParameterResolver {

    private ParameterResolver() {
    }

    /**
     * Resolves a template's parameters from a Heat environment and the request.
     *
     * @param template          the whole template
     * @param environment       the environment ({@code parameters}, {@code parameter_defaults}, ...),
     *                          or null
     * @param requestParameters the request's {@code parameters}, or null
     */
    public static ResolvedParameters resolve(JsonNode template, JsonNode environment,
            Map<String, JsonNode> requestParameters) {
        List<TemplateProblem> problems = new ArrayList<>();
        Map<String, JsonNode> defaults = section(environment, "parameter_defaults", problems);
        Map<String, JsonNode> parameters = section(environment, "parameters", problems);
        return resolve(ParameterParser.parse(template), defaults, parameters, requestParameters, problems);
    }

    /**
     * Resolves parameters.
     *
     * @param section               the template's parameter sections
     * @param parameterDefaults     the environment's {@code parameter_defaults}, or null
     * @param environmentParameters the environment's {@code parameters}, or null
     * @param requestParameters     the request's {@code parameters}, or null
     */
    public static ResolvedParameters resolve(ParameterSection section, Map<String, JsonNode> parameterDefaults,
            Map<String, JsonNode> environmentParameters, Map<String, JsonNode> requestParameters) {
        return resolve(section, parameterDefaults, environmentParameters, requestParameters, List.of());
    }

    private static ResolvedParameters resolve(ParameterSection section, Map<String, JsonNode> parameterDefaults,
            Map<String, JsonNode> environmentParameters, Map<String, JsonNode> requestParameters,
            List<TemplateProblem> environmentProblems) {
        List<TemplateProblem> problems = new ArrayList<>(section.problems());
        problems.addAll(environmentProblems);
        Map<String, JsonNode> user = new LinkedHashMap<>();
        if (environmentParameters != null) {
            user.putAll(environmentParameters);
        }
        if (requestParameters != null) {
            user.putAll(requestParameters);
        }
        Map<String, JsonNode> defaults = parameterDefaults == null ? Map.of() : parameterDefaults;
        for (String name : user.keySet()) {
            if (!section.parameters().containsKey(name)) {
                problems.add(new TemplateProblem("", "The Parameter (" + name + ") was not defined in template."));
            }
        }
        Map<String, JsonNode> values = new LinkedHashMap<>();
        for (ParameterDefinition definition : section.parameters().values()) {
            if (definition.type() == null) {
                continue; // its definition is broken; a problem already says how
            }
            String name = definition.name();
            JsonNode raw = present(user.get(name));
            boolean templateDefault = false;
            if (raw == null) {
                raw = present(defaults.get(name));
            }
            if (raw == null && definition.defaultValue() != null) {
                raw = definition.defaultValue();
                templateDefault = true;
            }
            if (raw == null) {
                problems.add(new TemplateProblem(definition.path(), "The Parameter (" + name + ") was not provided."));
                continue;
            }
            if (templateDefault && !definition.defaultValid()) {
                continue; // the default's problems are already reported
            }
            JsonNode value = value(definition, raw, problems);
            if (value != null) {
                values.put(name, value);
            }
        }
        return new ResolvedParameters(section, values, section.warnings(), problems);
    }

    private static JsonNode present(JsonNode value) {
        return value == null || value.isNull() || value.isMissingNode() ? null : value;
    }

    /**
     * Heat's {@code Parameter._validate} then {@code Parameter.value()}: the value in its type,
     * or null with the problems added.
     */
    private static JsonNode value(ParameterDefinition definition, JsonNode raw, List<TemplateProblem> problems) {
        ParameterType type = definition.type();
        JsonNode checked;
        JsonNode value;
        try {
            switch (type) {
                case NUMBER:
                    value = Py.strToNum(raw);
                    if (!Py.isInt(value)) { // a Python float
                        value = DoubleNode.valueOf(value.doubleValue());
                    }
                    checked = raw;
                    break;
                case BOOLEAN:
                    value = BooleanNode.valueOf(Py.boolFromString(raw));
                    checked = raw;
                    break;
                case COMMA_DELIMITED_LIST:
                    value = parseList(raw);
                    checked = value;
                    break;
                case JSON:
                    value = parseJson(raw);
                    checked = value;
                    break;
                default:
                    value = TextNode.valueOf(Py.str(raw));
                    checked = raw;
                    break;
            }
        } catch (PyError e) {
            problems.add(new TemplateProblem(definition.path(), ParameterParser.invalid(definition.name(),
                    e.getMessage())));
            return null;
        }
        boolean valid = true;
        for (ParameterConstraint constraint : definition.constraints()) {
            String failure;
            try {
                failure = Constraints.failure(constraint, checked, type);
            } catch (PyError e) {
                failure = e.getMessage();
            }
            if (failure != null) {
                problems.add(new TemplateProblem(constraint.path(), ParameterParser.invalid(definition.name(),
                        failure)));
                valid = false;
            }
        }
        return valid ? value : null;
    }

    /** Heat's {@code CommaDelimitedListParam.parse}. */
    private static ArrayNode parseList(JsonNode raw) {
        ArrayNode list = JsonNodeFactory.instance.arrayNode();
        if (raw.isArray()) {
            raw.forEach(item -> list.add(Py.str(item)));
        } else if (raw.isTextual()) {
            if (!raw.textValue().isEmpty()) {
                for (String item : Py.split(raw.textValue(), ",")) {
                    list.add(item);
                }
            }
        } else {
            throw PyError.valueError("Value must be a comma-delimited list string: '" + Py.typeName(raw)
                    + "' object has no attribute 'split'");
        }
        return list;
    }

    /** Heat's {@code JsonParam.parse}: text is read as JSON (empty text stays empty text). */
    private static JsonNode parseJson(JsonNode raw) {
        if (!raw.isTextual()) {
            return raw.deepCopy();
        }
        if (raw.textValue().isEmpty()) {
            return raw;
        }
        try {
            return PyJson.loads(raw.textValue());
        } catch (PyError e) {
            throw PyError.valueError("Value must be valid JSON: " + e.getMessage());
        }
    }

    private static Map<String, JsonNode> section(JsonNode environment, String name, List<TemplateProblem> problems) {
        Map<String, JsonNode> values = new LinkedHashMap<>();
        JsonNode node = environment == null ? null : environment.get(name);
        if (node == null || node.isNull()) {
            return values;
        }
        if (!node.isObject()) {
            problems.add(new TemplateProblem("environment." + name, "must be a mapping"));
            return values;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> entry = it.next();
            values.put(entry.getKey(), entry.getValue());
        }
        return values;
    }
}
