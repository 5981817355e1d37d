/**
 * The resource types Hearth knows and the validation of resources against them, after OpenStack
 * Heat.
 *
 * <ul>
 * <li>{@link io.hearth.hot.types.ResourceTypes#heat()}: the registry of types with
 *     Heat's property and attribute schemas ({@link io.hearth.hot.types.ResourceType},
 *     {@link io.hearth.hot.types.PropertySchema},
 *     {@link io.hearth.hot.types.AttributeSchema},
 *     {@link io.hearth.hot.types.Constraint},
 *     {@link io.hearth.hot.types.SupportStatus});</li>
 * <li>{@link io.hearth.hot.types.ResourceRegistry}: an environment's
 *     {@code resource_registry} (aliases, wildcards, per-resource entries);</li>
 * <li>{@link io.hearth.hot.types.ResourceValidator}: validates a resource definition
 *     (type, then properties through
 *     {@link io.hearth.hot.types.PropertyValidator}) and {@code get_attr} references,
 *     answering {@link io.hearth.hot.TemplateProblem}s with Heat's messages;</li>
 * <li>{@link io.hearth.hot.types.ResourceTypeSchemas}: the JSON of Heat's
 *     {@code resource_types} API (type list, schema, generated template).</li>
 * </ul>
 *
 * <p>Pure Java and Jackson: no Quarkus, no database.
 */
package io.hearth.hot.types;
