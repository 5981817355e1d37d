package io.hearth.deployment.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.expr.EvaluationContext;
import io.hearth.contracts.expr.ExpressionException;
import io.hearth.contracts.expr.HotFunctions;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A stack's output values, evaluated against its resources once they are all in place. An output whose
 * evaluation fails (Heat shows it with {@code output_error}) gets the error's text as its value.
 */
@ApplicationScoped
class StackOutputs {

    Map<String, JsonNode> evaluate(StackState state) {
        EvaluationContext context = state.evaluationContext();
        Map<String, JsonNode> values = new LinkedHashMap<>();
        state.plan.outputs().forEach((name, output) -> {
            if (output.value() == null) {
                values.put(name, NullNode.getInstance());
                return;
            }
            try {
                values.put(name, HotFunctions.evaluate(output.value(), context, "outputs", name, "value"));
            } catch (ExpressionException e) {
                values.put(name, TextNode.valueOf(e.heatMessage()));
            }
        });
        return values;
    }
}
