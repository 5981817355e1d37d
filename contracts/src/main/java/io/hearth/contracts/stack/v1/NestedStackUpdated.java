package io.hearth.contracts.stack.v1;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.plan.StackPlan;

/**
 * deployment-service updates a nested stack to a new template (its owner's update: a template resource's changed
 * properties or file, a group's new size or member definition, a scaling), as Heat's {@code StackResource}
 * does with {@code update_with_template}. Published on {@code hearth.stack.events} with the nested stack's id as
 * key, before that update's first status event, so template-service shows the nested stack's current template.
 *
 * @param stackId     the nested stack's id
 * @param tenant      the owning tenant
 * @param template    the nested template now, as Heat shows it ({@code GET .../template})
 * @param environment its environment now (parameters as the parent passed them), may be null
 * @param plan        the nested template planned with its parameters
 */
public record NestedStackUpdated(String stackId, String tenant, JsonNode template, JsonNode environment,
        StackPlan plan) {
    public static final String TYPE = "io.hearth.stack.nested-updated.v1";
}
