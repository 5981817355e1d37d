package io.hearth.deployment.handlers;

import io.hearth.deployment.spi.ResourceHandler;
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

    /** The handler of a planned resource: its template's for a template resource, else its type's. */
    public ResourceHandler forResource(io.hearth.contracts.plan.PlannedResource resource) {
        return resource.template() != null ? forType(TEMPLATE) : forType(resource.type());
    }

    /** The handler of a resource's row: its template's for a template resource, else its type's. */
    public ResourceHandler forRow(io.hearth.deployment.domain.ResourceRuntime row) {
        return row.template != null ? forType(TEMPLATE) : forType(row.type);
    }

    /** The pseudo type under which the handler of template resources (nested stacks) registers. */
    public static final String TEMPLATE = "<template resource>";

    /** The handler for {@code type}. */
    public ResourceHandler forType(String type) {
        ResourceHandler handler = byType.get(type);
        return handler != null ? handler : new UnsupportedHandler(type);
    }
}
