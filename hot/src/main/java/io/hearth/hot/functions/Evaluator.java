package io.hearth.hot.functions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.hearth.hot.functions.FunctionTable.Mode;

/**
 * Evaluates the values of one whole (a template's resources and outputs, a stack's outputs) under one
 * budget: together they are held to the context's {@link EvaluationLimits} as one value is, so that many
 * values within the limits cannot add up past them, and all their calls together may produce at most
 * {@link EvaluationLimits#WORK_FACTOR} times the limits. A value whose evaluation is refused is not counted.
 * Not thread-safe: one whole at a time.
 */
public final class Evaluator {

    private final EvaluationContext context;
    private final Budget budget;

    public Evaluator(EvaluationContext context) {
        this.context = context;
        this.budget = new Budget(context.limits());
    }

    /** {@link HotFunctions#evaluate}, counting what this evaluator's earlier results hold. */
    public JsonNode evaluate(JsonNode value, String... location) {
        Budget.Call started = budget.begin();
        JsonNode result = null;
        try {
            result = new Evaluation(context, location.length > 0, budget).eval(value, Path.of(location),
                    Mode.TEMPLATE);
            if (result.isMissingNode()) {
                result = NullNode.getInstance();
            }
            return result;
        } finally {
            budget.end(started, result);
        }
    }

    /** {@link HotFunctions#evaluateCondition}, under this evaluator's budget. */
    public boolean evaluateCondition(JsonNode condition, String... location) {
        Budget.Call started = budget.begin();
        try {
            return new Evaluation(context, location.length > 0, budget).evaluateCondition(condition,
                    Path.of(location));
        } finally {
            budget.end(started, null);
        }
    }
}
