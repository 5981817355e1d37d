package io.hearth.deployment.handlers;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import java.util.HashMap;
import java.util.Map;

/** Finds the handler of a resource type; a type no handler runs gets one that fails it clearly. */
@ApplicationScoped
public class ResourceHandlers {

    private final Map<String, ResourceHandler> byType = new HashMap<>();

    public ResourceHandlers(@Any Instance<ResourceHandler> handlers) {
        for (ResourceHandler handler : handlers) {
            for (String type : handler.types()) {
                byType.put(type, handler);
            }
        }
    }

    /** The handler for {@code type}. */
    public ResourceHandler forType(String type) {
        ResourceHandler handler = byType.get(type);
        return handler != null ? handler : new UnsupportedHandler(type);
    }
}
