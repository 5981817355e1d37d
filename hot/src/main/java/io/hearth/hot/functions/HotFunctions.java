package io.hearth.hot.functions;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Set;

/**
 * Evaluates HOT intrinsic functions as Heat does. Pure: the result depends only on the value and the
 * {@link EvaluationContext}; nothing is mutated.
 *
 * <p>template-service evaluates at plan time with no runtime values: everything static resolves, and each
 * {@code get_resource}/{@code get_attr} (and every call that needs one) stays in the result as its
 * function map with the arguments evaluated as far as they go. deployment-service evaluates that result
 * again with a {@link RuntimeResolver} once resources have ids and attributes, and gets the final value.
 */
public final class HotFunctions {

    private HotFunctions() {
    }

    /**
     * Evaluates every function in {@code value} that the context can resolve.
     *
     * @param location where the value is in the template, as keys ({@code "resources", "web",
     *     "properties"}); it prefixes error paths and decides where {@code if} is allowed (resource
     *     properties and outputs). With no location, {@code if} is allowed anywhere.
     * @return the evaluated value; a value removed by a two-argument {@code if} (2021-04-16) is JSON null
     *     at the top and left out inside lists and maps
     * @throws ExpressionException where Heat would refuse the template, or the result would be larger than
     *     the context's {@link EvaluationLimits} allow (an {@link Evaluator} holds several values to them
     *     together)
     */
    public static JsonNode evaluate(JsonNode value, EvaluationContext context, String... location) {
        return new Evaluator(context).evaluate(value, location);
    }

    /**
     * Whether a condition holds, given as a resource's or output's {@code condition} (or the first argument
     * of {@code if}): a condition name, a boolean, or a condition function ({@code equals}, {@code not},
     * {@code and}, {@code or}, {@code contains}, {@code get_param}).
     *
     * @param location where the condition is written, for error paths ({@code "resources", "db",
     *     "condition"})
     */
    public static boolean evaluateCondition(JsonNode condition, EvaluationContext context, String... location) {
        return new Evaluator(context).evaluateCondition(condition, location);
    }

    /**
     * Whether nothing is left for run time: no map in {@code value} is a call of a template function. True for
     * everything {@link #evaluate} returns when the context resolved all references.
     */
    public static boolean isResolved(JsonNode value) {
        if (value == null) {
            return true;
        }
        if (value.isObject()) {
            if (value.size() == 1 && FUNCTION_NAMES.contains(value.fieldNames().next())) {
                return false;
            }
            for (Iterator<JsonNode> it = value.elements(); it.hasNext();) {
                if (!isResolved(it.next())) {
                    return false;
                }
            }
            return true;
        }
        if (value.isArray()) {
            for (JsonNode item : value) {
                if (!isResolved(item)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The names of the template functions, HOT's and CFN's, in any version. */
    public static Set<String> functionNames() {
        return FUNCTION_NAMES;
    }

    private static final Set<String> FUNCTION_NAMES = Evaluation.FUNCTION_NAMES;
}
