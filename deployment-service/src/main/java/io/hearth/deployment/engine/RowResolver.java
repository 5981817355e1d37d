package io.hearth.deployment.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.groups.GroupDocument;
import io.hearth.deployment.groups.GroupMembership;
import io.hearth.deployment.spi.NestedStackService;
import io.hearth.hot.functions.AttributePath;
import io.hearth.hot.functions.ExpressionException;
import io.hearth.hot.functions.RuntimeResolver;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Resource ids and attributes for the evaluator, read from the stack's current resource rows:
 * {@code get_resource} gives the reference id (the resource's name while it has none, as Heat does),
 * {@code get_attr} an attribute's stored value (null for one the resource does not have, which is what
 * OS::Heat::None answers for any name), {@code get_attr: [name]} all of them. A resource without a row
 * is not known yet: the call stays unresolved, unless the reader reads it live, when it is null.
 */
final class RowResolver implements RuntimeResolver {

    private final Function<String, ResourceRuntime> current;
    private final Collection<String> live;

    /** @param live resources read live (docs/contextualization.md): null while they have no row, not unresolved */
    RowResolver(Function<String, ResourceRuntime> current, Collection<String> live) {
        this.current = current;
        this.live = live;
    }

    @Override
    public Optional<JsonNode> resource(String name) {
        ResourceRuntime row = current.apply(name);
        if (row == null) {
            return live.contains(name) ? Optional.of(NullNode.getInstance()) : Optional.empty();
        }
        return Optional.of(TextNode.valueOf(row.referenceId != null ? row.referenceId : row.name));
    }

    @Override
    public Optional<JsonNode> attribute(String resource, String attribute) {
        return attributes(resource).map(all -> {
            JsonNode value = all.get(attribute);
            return value == null ? NullNode.getInstance() : value;
        });
    }

    /**
     * A group's attributes as Heat's group answers them (members, indices, paths), and Hearth's {@code members} and
     * {@code members_generation} ({@link GroupMembership}); others as stored.
     */
    @Override
    public Optional<JsonNode> attribute(String resource, String attribute, List<JsonNode> path) {
        ResourceRuntime row = current.apply(resource);
        if (row != null && GroupDocument.isGroup(row.type)) {
            Optional<JsonNode> membership = GroupMembership.attribute(row, attribute);
            if (membership.isPresent()) {
                return Optional.of(AttributePath.select(membership.get(), path));
            }
        }
        if (row != null && row.attributes != null && GroupDocument.isGroup(row.type)) {
            return Optional.of(GroupDocument.select(row.type, row.name, HearthJson.readTree(row.attributes), attribute,
                    path));
        }
        if (row != null && row.template != null && row.attributes != null) {
            if (attribute.startsWith("resource.")) {
                return Optional.of(nestedResource(row, attribute, path));
            }
            JsonNode value = HearthJson.readTree(row.attributes).get(attribute);
            if (value == null) {
                // Heat's TemplateResource.get_attribute: an output the nested stack does not have
                throw new ExpressionException("", "The Referenced Attribute (" + resource + " " + attribute
                        + ") is incorrect.");
            }
            return Optional.of(AttributePath.select(value, path));
        }
        return RuntimeResolver.super.attribute(resource, attribute, path);
    }

    /**
     * Heat's {@code get_nested_attrs} for a template resource: {@code resource.<name>} is the nested resource's
     * reference id, {@code resource.<name>.<attribute>} (or {@code resource.<name>} with a path) its attribute.
     */
    private static JsonNode nestedResource(ResourceRuntime row, String attribute, List<JsonNode> path) {
        String[] parts = attribute.split("\\.", 3);
        JsonNode nested = HearthJson.readTree(row.attributes).path(NestedStackService.NESTED_RESOURCES).path(parts[1]);
        if (nested.isMissingNode()) {
            return NullNode.getInstance();
        }
        if (parts.length == 2 && path.isEmpty()) {
            return nested.path("ref");
        }
        String name = parts.length == 3 ? parts[2] : path.get(0).asText();
        List<JsonNode> rest = parts.length == 3 ? path : path.subList(1, path.size());
        JsonNode value = nested.path("attributes").get(name);
        return AttributePath.select(value == null ? NullNode.getInstance() : value, rest);
    }

    @Override
    public Optional<JsonNode> attributes(String resource) {
        ResourceRuntime row = current.apply(resource);
        if (row == null) {
            return live.contains(resource) ? Optional.of(NullNode.getInstance()) : Optional.empty();
        }
        return Optional.of(row.attributes == null ? JsonNodeFactory.instance.objectNode()
                : HearthJson.readTree(row.attributes));
    }
}
