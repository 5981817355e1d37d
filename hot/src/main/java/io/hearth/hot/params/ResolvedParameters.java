package io.hearth.hot.params;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyJson;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

/**
 * The outcome of resolving a stack's parameters.
 *
 * @param section  the template's parameter sections, as parsed
 * @param values   each parameter's value by name, in template order, as JSON of its type: a
 *                 string, a number, a boolean, a list of strings (comma_delimited_list) or any
 *                 JSON (json); a parameter whose value is missing or invalid has none
 * @param warnings things not checked (custom constraints that need OpenStack, ...)
 * @param problems every problem, the template's own first; the stack cannot be created unless
 *                 this is empty
 */
public record ResolvedParameters(ParameterSection section, Map<String, JsonNode> values,
        List<TemplateProblem> warnings, List<TemplateProblem> problems) {

    /** What Heat shows instead of a hidden parameter's value. */
    public static final String HIDDEN_VALUE = "******";

    public ResolvedParameters {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        warnings = List.copyOf(warnings);
        problems = List.copyOf(problems);
    }

    /** Whether no problem was found. */
    public boolean isValid() {
        return problems.isEmpty();
    }

    /**
     * Every problem except those of a value missing or breaking a constraint: the problems of the
     * template's parameter definitions, of names the template does not declare and of the
     * environment. This is what Heat's template-validate reports, which gives parameters no values.
     */
    public List<TemplateProblem> definitionProblems() {
        return problems.stream()
                .filter(problem -> section.problems().contains(problem) || !problem.path().startsWith("parameters."))
                .toList();
    }

    /**
     * The values as Heat shows them (a stack's {@code parameters} in {@code stack show}, Heat's
     * {@code str(Parameter)}): text, with a hidden parameter's value replaced by
     * {@value #HIDDEN_VALUE}. A number reads as Python writes it ({@code 42}, {@code 4.2}), a
     * boolean as {@code True} or {@code False}, a list joined with commas, a json value as
     * Python's {@code json.dumps}.
     */
    public Map<String, String> displayValues() {
        Map<String, String> display = new LinkedHashMap<>();
        values.forEach((name, value) -> {
            ParameterDefinition definition = section.parameters().get(name);
            display.put(name, definition.hidden() ? HIDDEN_VALUE : asText(definition.type(), value));
        });
        return Collections.unmodifiableMap(display);
    }

    private static String asText(ParameterType type, JsonNode value) {
        switch (type) {
            case COMMA_DELIMITED_LIST:
                return StreamSupport.stream(value.spliterator(), false).map(JsonNode::asText)
                        .collect(Collectors.joining(","));
            case JSON:
                return PyJson.dumps(value, false);
            default:
                return Py.str(value);
        }
    }

    /**
     * The immutable parameters whose value this resolution changes, for a stack update (Heat's
     * {@code Parameters.immutable_params_modified}): parameters the new template marks
     * {@code immutable}, that had a value before and have a different one now. Values compare as
     * Python compares them ({@code 1 == 1.0}).
     *
     * @param previousValues the stack's values before the update, by name
     */
    public List<String> immutableParametersModified(Map<String, JsonNode> previousValues) {
        List<String> modified = new ArrayList<>();
        values.forEach((name, value) -> {
            JsonNode previous = previousValues.get(name);
            if (section.parameters().get(name).immutable() && previous != null && !Py.eq(previous, value)) {
                modified.add(name);
            }
        });
        return modified;
    }

    /** Heat's message for {@link #immutableParametersModified}. */
    public static String immutableMessage(List<String> names) {
        return "The following parameters are immutable and may not be updated: " + String.join(", ", names);
    }
}
