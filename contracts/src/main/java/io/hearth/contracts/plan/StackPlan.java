package io.hearth.contracts.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * What template-service hands to deployment-service: a validated template with static
 * functions resolved. Runtime references (get_attr, get_resource) stay in the JSON as
 * expression nodes for deployment-service to evaluate.
 *
 * @param templateVersion the template's {@code heat_template_version}
 * @param description     the template's description, may be null
 * @param parameters      resolved parameter values by name
 * @param resources       resources in a valid dependency order
 * @param outputs         outputs by name
 * @param timeoutMins     stack timeout in minutes, null for none
 * @param disableRollback Heat's disable_rollback flag
 * @param files           the stack's {@code files} by name, carried when a resource needs them at run time (a
 *                        template resource, {@code OS::Heat::Stack}, a group whose members are templates);
 *                        empty otherwise (absent from the JSON then)
 * @param environment     the stack's environment as Heat keeps it, carried with {@code files} (a nested stack
 *                        inherits its {@code resource_registry}); null otherwise
 */
public record StackPlan(String templateVersion, String description, Map<String, JsonNode> parameters,
        List<PlannedResource> resources, Map<String, PlannedOutput> outputs, Integer timeoutMins,
        boolean disableRollback, @JsonInclude(JsonInclude.Include.NON_EMPTY) Map<String, String> files,
        @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode environment) {

    public StackPlan {
        parameters = parameters == null ? Map.of() : parameters;
        resources = resources == null ? List.of() : List.copyOf(resources);
        outputs = outputs == null ? Map.of() : outputs;
        files = files == null ? Map.of() : files;
    }

    /** A plan that needs no files at run time. */
    public StackPlan(String templateVersion, String description, Map<String, JsonNode> parameters,
            List<PlannedResource> resources, Map<String, PlannedOutput> outputs, Integer timeoutMins,
            boolean disableRollback) {
        this(templateVersion, description, parameters, resources, outputs, timeoutMins, disableRollback, null, null);
    }
}
