package io.hearth.hot.functions;

import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.envelope.HearthJson;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;

/** Test inputs written as JSON text, contexts by version, and a resolver backed by maps. */
final class Hot {

    private Hot() {
    }

    static JsonNode json(String text) {
        try {
            return HearthJson.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("bad test JSON: " + text, e);
        }
    }

    static EvaluationContext.Builder context(String version) {
        return EvaluationContext.builder(HotVersion.ofPlan(version));
    }

    /** Evaluates {@code value} with an empty context of {@code version}. */
    static JsonNode eval(String version, String value) {
        return HotFunctions.evaluate(json(value), context(version).build());
    }

    static JsonNode eval(EvaluationContext context, String value, String... location) {
        return HotFunctions.evaluate(json(value), context, location);
    }

    /** The refusal of an evaluation. */
    static ExpressionException failure(ThrowingCallable evaluation) {
        ExpressionException e = catchThrowableOfType(ExpressionException.class, evaluation);
        if (e == null) {
            throw new AssertionError("expected an ExpressionException");
        }
        return e;
    }

    static ExpressionException failure(String version, String value) {
        return failure(() -> eval(version, value));
    }

    /** A resolver that knows some resources' ids and attributes. */
    static final class Resources implements RuntimeResolver {
        final Map<String, JsonNode> ids = new HashMap<>();
        final Map<String, Map<String, JsonNode>> attributes = new HashMap<>();

        Resources id(String resource, String id) {
            ids.put(resource, json("\"" + id + "\""));
            return this;
        }

        Resources attribute(String resource, String attribute, String valueJson) {
            attributes.computeIfAbsent(resource, r -> new HashMap<>()).put(attribute, json(valueJson));
            return this;
        }

        @Override
        public Optional<JsonNode> resource(String name) {
            return Optional.ofNullable(ids.get(name));
        }

        @Override
        public Optional<JsonNode> attribute(String resource, String attribute) {
            return Optional.ofNullable(attributes.getOrDefault(resource, Map.of()).get(attribute));
        }

        @Override
        public Optional<JsonNode> attributes(String resource) {
            Map<String, JsonNode> all = attributes.get(resource);
            if (all == null) {
                return Optional.empty();
            }
            com.fasterxml.jackson.databind.node.ObjectNode node = HearthJson.mapper().createObjectNode();
            all.forEach(node::set);
            return Optional.of(node);
        }
    }
}
