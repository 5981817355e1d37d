package io.hearth.contracts.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * What template-service hands to deployment-service: a validated template with static
 * functions resolved. Runtime references (get_attr, get_resource) stay in the JSON as
 * expression nodes for deployment-service to evaluate.
 *
 * @param templateVersion the template's {@code heat_template_version} (a CFN template's version date, 2010-09-09 or 2012-12-12)
 * @param description     the template's description, may be null
 * @param parameters      resolved parameter values by name
 * @param resources       resources in a valid dependency order
 * @param outputs         outputs by name
 * @param timeoutMins     stack timeout in minutes, null for none
 * @param disableRollback Heat's disable_rollback flag
 */
public record StackPlan(String templateVersion, String description, Map<String, JsonNode> parameters,
        List<PlannedResource> resources, Map<String, PlannedOutput> outputs, Integer timeoutMins,
        boolean disableRollback) {

    public StackPlan {
        parameters = parameters == null ? Map.of() : parameters;
        resources = resources == null ? List.of() : List.copyOf(resources);
        outputs = outputs == null ? Map.of() : outputs;
    }
}
