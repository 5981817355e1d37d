/**
 * The resource types Hearth knows and the validation of resources against them, after OpenStack
 * Heat.
 *
 * <ul>
 * <li>{@link io.hearth.template.template.types.ResourceTypes#heat()}: the registry of types with
 *     Heat's property and attribute schemas ({@link io.hearth.template.template.types.ResourceType},
 *     {@link io.hearth.template.template.types.PropertySchema},
 *     {@link io.hearth.template.template.types.AttributeSchema},
 *     {@link io.hearth.template.template.types.Constraint},
 *     {@link io.hearth.template.template.types.SupportStatus});</li>
 * <li>{@link io.hearth.template.template.types.ResourceRegistry}: an environment's
 *     {@code resource_registry} (aliases, wildcards, per-resource entries);</li>
 * <li>{@link io.hearth.template.template.types.ResourceValidator}: validates a resource definition
 *     (type, then properties through
 *     {@link io.hearth.template.template.types.PropertyValidator}) and {@code get_attr} references,
 *     answering {@link io.hearth.template.template.TemplateProblem}s with Heat's messages;</li>
 * <li>{@link io.hearth.template.template.types.ResourceTypeSchemas}: the JSON of Heat's
 *     {@code resource_types} API (type list, schema, generated template).</li>
 * </ul>
 *
 * <p>Pure Java and Jackson: no Quarkus, no database.
 */
package io.hearth.template.template.types;
