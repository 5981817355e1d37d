package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The registry of the resource types Hearth implements, by name. {@link #heat()} is the standard
 * set (Heat's schemas; see {@link HeatResourceTypes} for the sources and where Hearth simplifies).
 */
public final class ResourceTypes {

    private static final ResourceTypes HEAT = new ResourceTypes(HeatResourceTypes.all());

    private final Map<String, ResourceType> types;

    private ResourceTypes(Map<String, ResourceType> types) {
        this.types = Collections.unmodifiableMap(new LinkedHashMap<>(types));
    }

    /** The resource types Hearth implements. */
    public static ResourceTypes heat() {
        return HEAT;
    }

    /** A registry with these types and no others (for tests and extensions). */
    public static ResourceTypes of(Collection<ResourceType> types) {
        Map<String, ResourceType> map = new LinkedHashMap<>();
        types.forEach(t -> map.put(t.name(), t));
        return new ResourceTypes(map);
    }

    /**
     * Whether a resource of the named type takes a change of these properties in place: each is
     * {@code update_allowed} ({@link ResourceType#updateAllowed}), as Heat's
     * {@code update_template_diff_properties} decides; otherwise the change replaces the resource. A type
     * not in the registry takes none in place. Both template-service's update preview ({@code PlanDiff})
     * and deployment-service's engine ask this, so the two cannot disagree.
     */
    public boolean updatesInPlace(String type, Collection<String> changed) {
        if (changed.isEmpty()) {
            return true;
        }
        ResourceType resourceType = types.get(type);
        return resourceType != null && changed.stream().allMatch(resourceType::updateAllowed);
    }

    /**
     * Whether a resource of the named type takes this change of its properties in place ({@link #updatesInPlace}),
     * and its type's own rule does not replace it for it (Heat's {@code needs_replace_with_prop_diff},
     * {@link ResourceType#replacesFor}).
     *
     * @param before the current properties, defaults applied
     * @param after  the new properties, defaults applied
     */
    public boolean updatesInPlace(String type, JsonNode before, JsonNode after) {
        Set<String> changed = changedProperties(before, after);
        return updatesInPlace(type, changed)
                && !get(type).map(t -> t.replacesFor(changed, after, before)).orElse(false);
    }

    /** When an existing resource of the named type takes an update; {@code CHANGED} for a type not in the registry. */
    public ResourceType.UpdateCheck updateCheck(String type) {
        return get(type).map(ResourceType::updateCheck).orElse(ResourceType.UpdateCheck.CHANGED);
    }

    /**
     * The properties whose values differ between two property maps (JSON objects; null or a missing
     * map is empty, and a missing property counts as null), in the order they first appear.
     */
    public static Set<String> changedProperties(JsonNode before, JsonNode after) {
        Set<String> names = new LinkedHashSet<>();
        if (before != null) {
            before.fieldNames().forEachRemaining(names::add);
        }
        if (after != null) {
            after.fieldNames().forEachRemaining(names::add);
        }
        names.removeIf(name -> valueOf(before, name).equals(valueOf(after, name)));
        return names;
    }

    private static JsonNode valueOf(JsonNode properties, String name) {
        JsonNode value = properties == null ? null : properties.get(name);
        return value == null ? NullNode.getInstance() : value;
    }

    /** The type of this exact name (no environment mapping applied). */
    public Optional<ResourceType> get(String name) {
        return Optional.ofNullable(types.get(name));
    }

    public boolean contains(String name) {
        return types.containsKey(name);
    }

    /** Every type, hidden ones included, in definition order. */
    public Collection<ResourceType> all() {
        return types.values();
    }

    /**
     * The names {@code GET /resource_types} lists: every type that is not hidden, sorted. Hidden types
     * (the deprecated {@code OS::Heat::SoftwareDeployments} and {@code OS::Heat::StructuredDeployments})
     * still work in templates.
     */
    public List<String> listedNames() {
        return types.values().stream().filter(t -> !t.supportStatus().isHidden()).map(ResourceType::name)
                .sorted().toList();
    }
}
