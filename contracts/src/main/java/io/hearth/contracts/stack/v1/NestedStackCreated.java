package io.hearth.contracts.stack.v1;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.StackPlan;

/**
 * deployment-service created a nested stack for a resource of another stack (a template resource,
 * {@code OS::Heat::Stack}, the members of a group), as Heat's {@code StackResource} does. Published on
 * {@code hearth.stack.events} with the nested stack's id as key, before any of its status events, so
 * template-service records it as a stack with a parent first.
 *
 * @param stackId        the nested stack's id
 * @param tenant         the owning tenant (the parent's)
 * @param stackName      Heat's name for it: {@code <parent name>-<resource name>-<12 random characters>}
 * @param parentStackId  the parent stack's id
 * @param parentResource the name of the parent's resource that owns it
 * @param template       the nested template as Heat shows it ({@code GET .../template})
 * @param environment    its environment (parameters as the parent passed them), may be null
 * @param plan           what deployment-service creates: the nested template planned with its parameters
 */
public record NestedStackCreated(String stackId, String tenant, String stackName, String parentStackId,
        String parentResource, JsonNode template, JsonNode environment, StackPlan plan) {
    public static final String TYPE = "io.hearth.stack.nested-created.v1";
}
