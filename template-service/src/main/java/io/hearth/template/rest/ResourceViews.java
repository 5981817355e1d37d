package io.hearth.template.rest;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.hot.types.ResourceType;
import io.hearth.hot.types.ResourceTypes;
import io.hearth.template.domain.Stack;
import io.hearth.template.domain.StackEvent;
import io.hearth.template.domain.StackResourceState;
import io.hearth.template.rest.dto.EventView;
import io.hearth.template.rest.dto.Link;
import io.hearth.template.rest.dto.ResourceView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Builds Heat's JSON views of resources and events ({@code heat/engine/api.py}'s formats). */
@ApplicationScoped
public class ResourceViews {

    private static final TypeReference<Map<String, JsonNode>> MAP = new TypeReference<>() {
    };
    private static final TypeReference<List<String>> NAMES = new TypeReference<>() {
    };

    private final StackViews stacks;

    public ResourceViews(StackViews stacks) {
        this.stacks = stacks;
    }

    /** A resource's URL, {@code .../stacks/{name}/{id}/resources/{resource}}. */
    public String href(UriInfo uri, Stack stack, String resourceName) {
        return UriBuilder.fromUri(stacks.href(uri, stack)).path("resources").path(resourceName).build().toString();
    }

    /**
     * A resource as resource-list shows it; with {@code detail}, as resource-show does: plus its
     * description and attributes (every attribute of its type, null where not known, plus those
     * deployment-service reported and those asked for with {@code with_attr}). A resource that owns a nested
     * stack links to it ({@code nested}).
     *
     * @param nested the nested stack the resource owns, or null
     */
    public ResourceView resource(UriInfo uri, Stack stack, StackResourceState row, boolean detail,
            List<String> withAttr, Stack nested) {
        String stackHref = stacks.href(uri, stack);
        List<Link> links = new java.util.ArrayList<>(List.of(Link.self(href(uri, stack, row.name)),
                new Link(stackHref, "stack")));
        if (nested != null) {
            links.add(new Link(stacks.href(uri, nested), "nested"));
        }
        return new ResourceView(row.name, row.name, row.physicalResourceId == null ? "" : row.physicalResourceId,
                row.resourceType, row.resourceStatus(), row.statusReason, StackViews.time(row.createdAt),
                StackViews.time(row.updatedAt != null ? row.updatedAt : row.createdAt),
                HearthJson.read(row.requiredBy, NAMES), links,
                detail ? (row.description == null ? "" : row.description) : null,
                detail ? attributes(row, withAttr) : null, stack.parentResource);
    }

    /** The resource's metadata: its template metadata section, or an empty object. */
    public JsonNode metadata(StackResourceState row) {
        return row.metadata == null ? HearthJson.mapper().createObjectNode() : HearthJson.readTree(row.metadata);
    }

    /**
     * An event as event-list shows it, or with {@code detail} as event-show does; with a {@code root} (a list with
     * {@code nested_depth}), a {@code root_stack} link to that stack.
     */
    public EventView event(UriInfo uri, Stack stack, StackEvent event, boolean detail, Stack root) {
        String resourceHref = href(uri, stack, event.resourceName);
        String self = UriBuilder.fromUri(resourceHref).path("events").path(event.id.toString()).build().toString();
        List<Link> links = new java.util.ArrayList<>(List.of(Link.self(self), new Link(resourceHref, "resource"),
                new Link(stacks.href(uri, stack), "stack")));
        if (root != null) {
            links.add(new Link(stacks.href(uri, root), "root_stack"));
        }
        return new EventView(event.id.toString(), event.resourceName, event.resourceName, event.physicalResourceId,
                event.action + "_" + event.status, event.statusReason, StackViews.time(event.eventTime), links,
                detail ? event.resourceType : null,
                detail ? HearthJson.mapper().createObjectNode() : null);
    }

    /** The prefix of the attributes deployment-service keeps for itself (a group's members, a nested stack's resources). */
    private static final String INTERNAL = "hearth.";

    private static Map<String, JsonNode> attributes(StackResourceState row, List<String> withAttr) {
        Map<String, JsonNode> known = row.attributes == null ? Map.of() : HearthJson.read(row.attributes, MAP);
        Map<String, JsonNode> result = new LinkedHashMap<>();
        JsonNode show = known.get(ResourceType.SHOW);
        if (show != null && show.isObject()) {
            show.fields().forEachRemaining(e -> result.put(e.getKey(), e.getValue()));
        } else {
            ResourceTypes.heat().get(row.resourceType).ifPresent(type -> type.attributes().keySet().stream()
                    .filter(name -> !name.equals(ResourceType.SHOW))
                    .forEach(name -> result.put(name, NullNode.getInstance())));
            known.forEach((name, value) -> {
                if (!name.equals(ResourceType.SHOW) && !name.startsWith(INTERNAL)) {
                    result.put(name, value);
                }
            });
        }
        for (String name : withAttr) {
            result.putIfAbsent(name, known.getOrDefault(name, NullNode.getInstance()));
        }
        return result;
    }
}
