/**
 * HOT intrinsic functions, evaluated exactly as OpenStack Heat evaluates them, shared by
 * template-service (plan time) and deployment-service (run time).
 *
 * <h2>Model</h2>
 * <ul>
 *   <li>A template value is a Jackson {@link com.fasterxml.jackson.databind.JsonNode}. A function call is a
 *       map with exactly one key naming a function the template's {@link io.hearth.hot.functions.HotVersion}
 *       has ({@code {"get_param": "x"}}); any other map is data.</li>
 *   <li>{@link io.hearth.hot.functions.HotFunctions#evaluate} walks a value and replaces every call it can
 *       resolve by its result. A call that needs a runtime value ({@code get_resource}, {@code get_attr},
 *       and every call with one of those among its arguments) stays as it is written, a one-key map, with
 *       its arguments evaluated as far as they go: that map is the <em>expression node</em> a plan
 *       carries. {@link io.hearth.hot.functions.HotFunctions#isResolved} tells whether any is left.</li>
 *   <li>Runtime values come from a {@link io.hearth.hot.functions.RuntimeResolver}; an empty answer keeps
 *       the node. Evaluating a plan's values again with a resolver that knows the resources gives the final
 *       values: the same code, the same results, at both times.</li>
 *   <li>Everything else comes from the {@link io.hearth.hot.functions.EvaluationContext}: the version
 *       (which functions exist, and which variant: {@code str_replace} serialises maps from 2015-10-15,
 *       {@code if} may omit its false value from 2021-04-16, ...), parameter values, the {@code files}
 *       map, the {@code conditions} section and the stack identity for pseudo parameters.</li>
 *   <li>Conditions ({@code equals}, {@code not}, {@code and}, {@code or}, {@code contains},
 *       {@code get_param}) are evaluated where Heat evaluates them: in condition definitions, in the first
 *       argument of {@code if} and in a resource's or output's {@code condition}
 *       ({@link io.hearth.hot.functions.HotFunctions#evaluateCondition}). Elsewhere their names are data,
 *       as in Heat.</li>
 *   <li>A refused value raises {@link io.hearth.hot.functions.ExpressionException} with the dotted path
 *       of the call ({@code resources.web.properties.name.str_replace}) and Heat's message.</li>
 *   <li>What an evaluation produces is bounded by the context's
 *       {@link io.hearth.hot.functions.EvaluationLimits}: items (list items and map entries at every depth)
 *       and characters, for each function's result and for all an evaluation holds (with an
 *       {@link io.hearth.hot.functions.Evaluator}, for several evaluations together), and the results
 *       all calls produce, kept or not, to {@code WORK_FACTOR} times them. A
 *       function that can produce more than its arguments hold ({@code repeat}, {@code str_replace},
 *       {@code list_join}, {@code str_split}, the copies {@code get_param}, {@code get_attr} and
 *       {@code get_file} make) counts its result first and is refused before it builds it, with a message
 *       naming it and the limit. Within the limits results are Heat's.</li>
 * </ul>
 *
 * <p>Evaluate the sections Heat evaluates, each with its location: a resource's {@code properties},
 * {@code metadata}, {@code update_policy} and {@code deletion_policy}, and an output's {@code value}
 * ({@code evaluate(value, ctx, "resources", "web", "properties")}); a resource's or output's
 * {@code condition} with {@code evaluateCondition}. Heat does not evaluate {@code type} or
 * {@code depends_on}, so neither should a caller.
 *
 * <p>A value that only looks like a call (a json parameter's value {@code {"get_attr": [...]}}, say) is
 * data in the pass that produced it, but a later pass over the plan cannot tell it from a call. Heat never
 * re-reads values, so such templates are the one place where two passes may differ from one.
 *
 * <p>Heat is a Python program and its results show it: {@code str_replace} and {@code list_join} write
 * maps and lists as {@code json.dumps(..., sort_keys=True)}, numbers as Python prints them, and several
 * messages quote values with Python's {@code repr}. The package reproduces these with
 * {@link io.hearth.hot.py.Py} and {@link io.hearth.hot.py.PyJson}, which template-service's
 * parameter and resource-type validation use too.
 */
package io.hearth.hot.functions;
