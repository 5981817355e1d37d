package io.hearth.contracts.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One resource of a plan.
 *
 * @param name              the resource's name in the template
 * @param type              the resource type after the environment's resource_registry was applied; for a
 *                          template resource, the type the template gave (a file name, or the name the
 *                          environment maps to one), as Heat shows it
 * @param properties        property values; runtime references are expression nodes
 * @param dependsOn         names of resources this one waits for (explicit and implied)
 * @param metadata          the resource's metadata section, may be null
 * @param deletionPolicy    Delete, Retain or Snapshot; null means Delete
 * @param template          for a template resource (a nested stack), the name of its template in the plan's
 *                          {@code files}; null for every other resource (absent from the JSON then)
 * @param updatePolicy      the resource's {@code update_policy} section as evaluated (a group's {@code batch_create},
 *                          {@code rolling_update}), may be null (absent from the JSON then)
 * @param restrictedActions the actions the environment's {@code restricted_actions} forbids for this resource
 *                          ({@code update}, {@code replace}); empty (and absent on the wire) when none
 * @param live              resources it reads without waiting for them (Hearth's live references: a deployment
 *                          whose {@code actions} hold CONTEXTUALIZE reads other deployments and data bags as they are,
 *                          and is contextualized as they change; docs/contextualization.md); not in {@code dependsOn};
 *                          empty (and absent on the wire) when none
 * @param hooks             the breakpoints the environment's {@code hooks} set for this resource ({@code pre-create},
 *                          {@code post-update}, ...: Heat's {@code matches_hook}); empty (and absent on the wire) when
 *                          none
 */
public record PlannedResource(String name, String type, JsonNode properties, List<String> dependsOn,
        JsonNode metadata, String deletionPolicy, @JsonInclude(JsonInclude.Include.NON_NULL) String template,
        @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode updatePolicy,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> restrictedActions,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> live,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> hooks) {

    public PlannedResource {
        dependsOn = dependsOn == null ? List.of() : List.copyOf(dependsOn);
        restrictedActions = restrictedActions == null ? List.of() : List.copyOf(restrictedActions);
        live = live == null ? List.of() : List.copyOf(live);
        hooks = hooks == null ? List.of() : List.copyOf(hooks);
    }

    /** A resource without breakpoints. */
    public PlannedResource(String name, String type, JsonNode properties, List<String> dependsOn, JsonNode metadata,
            String deletionPolicy, String template, JsonNode updatePolicy, List<String> restrictedActions,
            List<String> live) {
        this(name, type, properties, dependsOn, metadata, deletionPolicy, template, updatePolicy, restrictedActions,
                live, List.of());
    }

    /** A resource without live references. */
    public PlannedResource(String name, String type, JsonNode properties, List<String> dependsOn, JsonNode metadata,
            String deletionPolicy, String template, JsonNode updatePolicy, List<String> restrictedActions) {
        this(name, type, properties, dependsOn, metadata, deletionPolicy, template, updatePolicy, restrictedActions,
                List.of());
    }

    /** A resource that is not a template resource, without an update policy or restricted actions. */
    public PlannedResource(String name, String type, JsonNode properties, List<String> dependsOn, JsonNode metadata,
            String deletionPolicy) {
        this(name, type, properties, dependsOn, metadata, deletionPolicy, null, null, List.of());
    }

    /** A resource without an update policy or restricted actions; {@code template} names a template resource's file. */
    public PlannedResource(String name, String type, JsonNode properties, List<String> dependsOn, JsonNode metadata,
            String deletionPolicy, String template) {
        this(name, type, properties, dependsOn, metadata, deletionPolicy, template, null, List.of());
    }

    /** A resource that is not a template resource, with the actions restricted for it. */
    public PlannedResource(String name, String type, JsonNode properties, List<String> dependsOn, JsonNode metadata,
            String deletionPolicy, List<String> restrictedActions) {
        this(name, type, properties, dependsOn, metadata, deletionPolicy, null, null, restrictedActions);
    }

    /** A resource with its update policy, no action restricted. */
    public PlannedResource(String name, String type, JsonNode properties, List<String> dependsOn, JsonNode metadata,
            String deletionPolicy, String template, JsonNode updatePolicy) {
        this(name, type, properties, dependsOn, metadata, deletionPolicy, template, updatePolicy, List.of());
    }

    /** The same resource depending on other names. */
    public PlannedResource withDependsOn(List<String> names) {
        return new PlannedResource(name, type, properties, names, metadata, deletionPolicy, template, updatePolicy,
                restrictedActions, live, hooks);
    }

    /** The same resource waiting for {@code names} and reading {@code liveNames} live. */
    public PlannedResource withLive(List<String> names, List<String> liveNames) {
        return new PlannedResource(name, type, properties, names, metadata, deletionPolicy, template, updatePolicy,
                restrictedActions, liveNames, hooks);
    }

    /** The same resource with the breakpoints the environment sets for it. */
    public PlannedResource withHooks(List<String> hookTypes) {
        return new PlannedResource(name, type, properties, dependsOn, metadata, deletionPolicy, template, updatePolicy,
                restrictedActions, live, hookTypes);
    }

    /** Whether the environment sets that breakpoint ({@code pre-create}, ...) on this resource. */
    public boolean hooked(String hook) {
        return hooks.contains(hook);
    }

    /** Whether this resource reads {@code other}: waits for it or reads it live. */
    public boolean reads(String other) {
        return dependsOn.contains(other) || live.contains(other);
    }
}
