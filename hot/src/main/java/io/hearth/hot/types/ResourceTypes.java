package io.hearth.hot.types;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
