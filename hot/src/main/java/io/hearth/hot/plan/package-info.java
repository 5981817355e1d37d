/**
 * A stack's plan: {@link io.hearth.hot.plan.StackPlanner} turns a template, its environment and the
 * user's parameters into {@code contracts}' {@link io.hearth.contracts.plan.StackPlan} (static functions
 * evaluated, types mapped and checked, resources in dependency order);
 * {@link io.hearth.hot.plan.PreviewValues} shows a planned resource as Heat's preview does, and
 * {@link io.hearth.hot.plan.PlanDiff} says what an update would do to each resource.
 */
package io.hearth.hot.plan;
