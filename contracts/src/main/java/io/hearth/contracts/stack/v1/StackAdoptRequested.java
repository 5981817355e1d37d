package io.hearth.contracts.stack.v1;

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
 * @param resources each top-level resource's runtime as Hearth abandoned it, by resource name
 */
public record StackAdoptRequested(String stackId, String tenant, String stackName, StackPlan plan,
        Map<String, RuntimeRecord> resources) {
    public static final String TYPE = "io.hearth.stack.adopt-requested.v1";

    public StackAdoptRequested {
        resources = resources == null ? Map.of() : Map.copyOf(resources);
    }
}
