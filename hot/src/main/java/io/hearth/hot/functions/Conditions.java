package io.hearth.hot.functions;

import static io.hearth.hot.functions.Evaluation.ABSENT;
import static io.hearth.hot.functions.Evaluation.invalidHere;
import static io.hearth.hot.functions.Evaluation.item;
import static io.hearth.hot.functions.Evaluation.problem;
import static io.hearth.hot.functions.HotVersion.V2021_04_16;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import io.hearth.hot.functions.Evaluation.Problem;
import io.hearth.hot.functions.FunctionTable.Mode;
import io.hearth.hot.py.Py;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Conditions where Heat evaluates them: {@code if}, and the condition functions {@code equals},
 * {@code not}, {@code and}, {@code or} (Heat's {@code If}, {@code Equals}, {@code Not}, {@code And},
 * {@code Or}) and their CFN forms ({@code Fn::If}, {@code Fn::Equals}, ...), and the named conditions of the {@code conditions} section, each evaluated once per
 * evaluation and refused when its definition refers to itself.
 */
final class Conditions {

    private final Evaluation ev;
    private final Map<String, Boolean> results = new HashMap<>();
    private final Set<String> inProgress = new HashSet<>();

    Conditions(Evaluation ev) {
        this.ev = ev;
    }

    JsonNode ifFunction(String fn, JsonNode raw, Path at, Mode mode) {
        if (ev.located && !ifAllowedAt(at)) {
            throw problem(invalidHere(fn));
        }
        boolean nullable = ev.version.atLeast(V2021_04_16);
        boolean shape = raw.isArray() && (raw.size() == 3 || (nullable && raw.size() == 2));
        if (!shape) {
            throw problem("Arguments to \"" + fn + "\" must be of the form: [condition_name, value_if_true, "
                    + "value_if_false]");
        }
        JsonNode condition = ev.args(raw.get(0), at, Mode.CONDITION);
        boolean enabled = condition.isBoolean() ? condition.booleanValue() : isEnabled(condition);
        if (enabled) {
            return ev.eval(raw.get(1), at, mode);
        }
        return raw.size() == 3 ? ev.eval(raw.get(2), at, mode) : ABSENT;
    }

    /** Heat allows {@code if} in resource properties and in outputs. */
    private static boolean ifAllowedAt(Path at) {
        List<Object> s = at.segments();
        if (!s.isEmpty() && "outputs".equals(s.get(0))) {
            return true;
        }
        return s.size() >= 3 && "resources".equals(s.get(0)) && "properties".equals(s.get(2));
    }

    JsonNode equalsFunction(String fn, JsonNode raw, Path at, Mode mode) {
        if (!Py.truthy(raw) || !raw.isArray() || raw.size() != 2) {
            throw problem("Arguments to \"" + fn + "\" must be of the form: [value_1, value_2]");
        }
        JsonNode args = ev.args(raw, at, mode);
        return BooleanNode.valueOf(Py.eq(item(args, 0), item(args, 1)));
    }

    JsonNode notFunction(JsonNode raw, Path at, Mode mode) {
        if (raw.isNull()) {
            throw problem("Argument to \"not\" must be a condition");
        }
        return BooleanNode.valueOf(!condition(ev.args(raw, at, mode)));
    }

    /** CFN's {@code Fn::Not}, whose one condition is in a list. */
    JsonNode cfnNot(String fn, JsonNode raw, Path at, Mode mode) {
        if (!raw.isArray() || raw.size() != 1) {
            throw problem("Arguments to \"" + fn + "\" must be of the form: [condition]");
        }
        return BooleanNode.valueOf(!condition(ev.args(raw, at, mode).get(0)));
    }

    JsonNode andOr(String fn, JsonNode raw, Path at, Mode mode) {
        if (!raw.isArray()) {
            throw problem("Arguments to \"" + fn + "\" must be a list of conditions");
        }
        if (raw.size() < 2) {
            throw problem("The minimum number of condition arguments to \"" + fn + "\" is 2.");
        }
        JsonNode args = ev.args(raw, at, mode);
        boolean and = fn.equals("and") || fn.equals("Fn::And");
        for (JsonNode c : args) {
            if (condition(c) != and) {
                return BooleanNode.valueOf(!and);
            }
        }
        return BooleanNode.valueOf(and);
    }

    /** ConditionBoolean._get_condition: a boolean, or the name of a condition. */
    private boolean condition(JsonNode value) {
        return value.isBoolean() ? value.booleanValue() : isEnabled(value);
    }

    /** Conditions.is_enabled: None is true, a name is its definition's result. */
    private boolean isEnabled(JsonNode condition) {
        if (condition.isNull() || condition.isMissingNode()) {
            return true;
        }
        if (condition.isBoolean()) {
            return condition.booleanValue();
        }
        if (!condition.isTextual() || !ev.ctx.conditions().containsKey(condition.textValue())) {
            throw problem("Invalid condition \"" + Py.str(condition) + "\"");
        }
        return namedCondition(condition.textValue());
    }

    private boolean namedCondition(String name) {
        Boolean known = results.get(name);
        if (known != null) {
            return known;
        }
        Path path = Path.of("conditions", name);
        if (!inProgress.add(name)) {
            throw new ExpressionException(path.toString(),
                    "Condition validation error: Circular definition for condition \"" + name + "\"");
        }
        JsonNode result = ev.args(ev.ctx.conditions().get(name), path, Mode.CONDITION);
        inProgress.remove(name);
        if (!result.isBoolean()) {
            throw new ExpressionException(path.toString(), "Condition validation error: The definition of condition \""
                    + name + "\" is invalid: " + Py.str(result));
        }
        results.put(name, result.booleanValue());
        return result.booleanValue();
    }

    /** A condition as a resource or output names it: a name, a boolean or a condition function. */
    boolean evaluateCondition(JsonNode condition, Path path) {
        JsonNode value = ev.args(condition, path, Mode.CONDITION);
        try {
            return condition(value);
        } catch (Problem p) {
            throw new ExpressionException(path.toString(), p.getMessage());
        }
    }
}
