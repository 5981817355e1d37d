package io.hearth.contracts.stack.v1;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.StackPlan;
import java.util.Map;

/**
 * A user adopted a stack from abandon data (Heat's create with {@code adopt_stack_data}); template-service
 * checked the data's signature and planned the template. deployment-service takes the resources back as they
 * were (action ADOPT) instead of creating them.
 *
 * @param stackId   the stack's id: the abandoned stack's, which its servers' and deployments' URLs carry
 * @param tenant    the owning tenant
 * @param stackName the stack's name
 * @param plan      the template as planned now
 * @param resources each top-level resource's runtime as Hearth abandoned it, by resource name; empty when
 *                  {@code adopted} is given
 * @param adopted   for data without Hearth's signed records (Heat's own abandon data), its {@code resources} map:
 *                  deployment-service adopts each resource through its handler ({@code handle_adopt}), nested stacks
 *                  from their entry's {@code resources}; template-service accepted only types whose adopted state a
 *                  template could have given (a random string's value). Null for Hearth's signed data
 */
public record StackAdoptRequested(String stackId, String tenant, String stackName, StackPlan plan,
        Map<String, RuntimeRecord> resources, @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode adopted) {
    public static final String TYPE = "io.hearth.stack.adopt-requested.v1";

    /** An adopt of Hearth's signed records. */
    public StackAdoptRequested(String stackId, String tenant, String stackName, StackPlan plan,
            Map<String, RuntimeRecord> resources) {
        this(stackId, tenant, stackName, plan, resources, null);
    }

    public StackAdoptRequested {
        resources = resources == null ? Map.of() : Map.copyOf(resources);
    }
}
