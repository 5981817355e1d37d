package io.hearth.contracts.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One resource of a plan.
 *
 * @param name              the resource's name in the template
 * @param type              the resource type after the environment's resource_registry was applied
 * @param properties        property values; runtime references are expression nodes
 * @param dependsOn         names of resources this one waits for (explicit and implied)
 * @param metadata          the resource's metadata section, may be null
 * @param deletionPolicy    Delete, Retain or Snapshot; null means Delete
 * @param restrictedActions the actions the environment's {@code restricted_actions} forbids for this resource
 *                          ({@code update}, {@code replace}); empty (and absent on the wire) when none
 */
public record PlannedResource(String name, String type, JsonNode properties, List<String> dependsOn,
        JsonNode metadata, String deletionPolicy,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> restrictedActions) {

    public PlannedResource {
        dependsOn = dependsOn == null ? List.of() : List.copyOf(dependsOn);
        restrictedActions = restrictedActions == null ? List.of() : List.copyOf(restrictedActions);
    }

    /** A resource no action is restricted for. */
    public PlannedResource(String name, String type, JsonNode properties, List<String> dependsOn,
            JsonNode metadata, String deletionPolicy) {
        this(name, type, properties, dependsOn, metadata, deletionPolicy, List.of());
    }
}
