package io.hearth.deployment.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.plan.PlannedOutput;
import io.hearth.deployment.config.DeploymentConfig;
import io.hearth.hot.functions.EvaluationLimits;
import io.hearth.hot.functions.Evaluator;
import io.hearth.hot.functions.ExpressionException;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A stack's output values, evaluated against its resources once they are all in place. An output whose
 * evaluation fails (Heat shows it with {@code output_error}) gets the error's text as its value. The
 * outputs are held to the evaluation limits together, as they travel in one event.
 */
@ApplicationScoped
class StackOutputs {

    private final EvaluationLimits limits;

    StackOutputs(DeploymentConfig config) {
        this.limits = config.evaluation();
    }

    Map<String, JsonNode> evaluate(StackState state) {
        Evaluator evaluator = new Evaluator(state.evaluationContext(limits));
        Map<String, JsonNode> values = new LinkedHashMap<>();
        for (Map.Entry<String, PlannedOutput> output : state.plan.outputs().entrySet()) {
            String name = output.getKey();
            if (output.getValue().value() == null) {
                values.put(name, NullNode.getInstance());
                continue;
            }
            try {
                values.put(name, evaluator.evaluate(output.getValue().value(), "outputs", name, "value"));
            } catch (ExpressionException e) {
                values.put(name, TextNode.valueOf(e.heatMessage()));
            }
        }
        return values;
    }
}
