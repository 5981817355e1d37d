/**
 * The HOT language as OpenStack Heat reads, plans and evaluates it, in plain Java and Jackson (no Quarkus,
 * no CDI): template-service plans with it, deployment-service evaluates what a plan leaves for run time
 * with it, and both ask its resource-type catalogue which properties change in place.
 *
 * <ul>
 *   <li>this package: a template's outline ({@link io.hearth.hot.TemplateParser}), a stack's environment
 *       ({@link io.hearth.hot.HeatEnvironment}) and the problems every step reports
 *       ({@link io.hearth.hot.TemplateProblem}, {@link io.hearth.hot.TemplateException});</li>
 *   <li>{@code read}: reading text with locations and limits;</li>
 *   <li>{@code params}: parameter definitions, constraints and values;</li>
 *   <li>{@code functions}: the intrinsic functions;</li>
 *   <li>{@code types}: the resource-type catalogue and validation against it;</li>
 *   <li>{@code plan}: planning a stack ({@link io.hearth.hot.plan.StackPlanner}) into
 *       {@code contracts}' plan format, its preview and the difference of two plans;</li>
 *   <li>{@code py}: Python's behaviours that Heat's results show.</li>
 * </ul>
 */
package io.hearth.hot;
