package io.hearth.hot.functions;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Optional;

/**
 * Values that exist only once resources do: a resource's reference id ({@code get_resource}) and its
 * attributes ({@code get_attr}). An empty answer means "not known yet": the call stays in the result as
 * an expression node, to be evaluated again later. {@link #NONE} knows nothing (template-service's case,
 * at plan time).
 */
public interface RuntimeResolver {

    /** Resolves nothing: every {@code get_resource} and {@code get_attr} stays an expression node. */
    RuntimeResolver NONE = new RuntimeResolver() {
        @Override
        public Optional<JsonNode> resource(String name) {
            return Optional.empty();
        }

        @Override
        public Optional<JsonNode> attribute(String resource, String attribute) {
            return Optional.empty();
        }
    };

    /** The reference id of a resource ({@code get_resource}), usually its physical id. */
    Optional<JsonNode> resource(String name);

    /** The whole value of a resource attribute; a present JSON null is an attribute whose value is None. */
    Optional<JsonNode> attribute(String resource, String attribute);

    /**
     * The value of {@code get_attr: [resource, attribute, path...]}. By default the attribute's value with
     * the path applied as Heat applies it ({@link AttributePath#select}); override for attributes that
     * interpret the path themselves.
     */
    default Optional<JsonNode> attribute(String resource, String attribute, List<JsonNode> path) {
        return attribute(resource, attribute).map(value -> AttributePath.select(value, path));
    }

    /** All attributes of a resource as one map ({@code get_attr: [resource]}, from 2015-10-15). */
    default Optional<JsonNode> attributes(String resource) {
        return Optional.empty();
    }
}
