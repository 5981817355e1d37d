package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceException;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.UpdateKind;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import io.hearth.hot.py.PyJson;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * {@code OS::Heat::Value} ({@code value.py}): exposes its {@code value} property, converted to its
 * {@code type}, as the attribute {@code value}; every change is an update in place.
 */
@ApplicationScoped
public class ValueHandler implements ResourceHandler {

    @Override
    public Set<String> types() {
        return Set.of("OS::Heat::Value");
    }

    @Override
    public JsonNode normalize(String resourceName, JsonNode properties) {
        ObjectNode props = ResourceHandler.super.normalize(resourceName, properties).deepCopy();
        JsonNode type = props.get("type");
        JsonNode value = props.get("value");
        if (type != null && type.isTextual() && value != null && !value.isNull()) {
            props.set("value", convert(type.textValue(), value));
        }
        return props;
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return Uni.createFrom().item(Outcome.complete(call.physicalName(), attributes(call)));
    }

    @Override
    public UpdateKind updateKind(ResourceCall call) {
        return UpdateKind.IN_PLACE;
    }

    @Override
    public Uni<Outcome> update(ResourceCall call) {
        return Uni.createFrom().item(Outcome.complete(call.row().physicalId, attributes(call)));
    }

    private static ObjectNode attributes(ResourceCall call) {
        JsonNode value = call.property("value");
        return ResourceHandler.attributes().set("value", value == null ? JsonNodeFactory.instance.nullNode() : value);
    }

    /** The value as a property of the HOT parameter type's schema type reads it. */
    static JsonNode convert(String type, JsonNode value) {
        try {
            return switch (type) {
                case "number" -> Py.strToNum(value);
                case "boolean" -> BooleanNode.valueOf(Py.boolFromString(value));
                case "string" -> string(value);
                case "json" -> map(value);
                case "comma_delimited_list" -> list(value);
                default -> value;
            };
        } catch (PyError e) {
            throw new ResourceException("StackValidationFailed", "Property error: value: " + e.getMessage());
        }
    }

    private static JsonNode string(JsonNode value) {
        if (value.isTextual()) {
            return value;
        }
        if (value.isBoolean() || value.isNumber()) {
            return TextNode.valueOf(Py.str(value));
        }
        throw new ResourceException("StackValidationFailed",
                "Property error: value: Value must be a string; got " + Py.repr(value));
    }

    private static JsonNode map(JsonNode value) {
        JsonNode parsed = value.isTextual() ? PyJson.loads(value.textValue()) : value;
        if (!parsed.isObject()) {
            throw new ResourceException("StackValidationFailed",
                    "Property error: value: \"" + Py.str(value) + "\" is not a map");
        }
        return parsed;
    }

    private static JsonNode list(JsonNode value) {
        if (value.isArray()) {
            return value;
        }
        if (value.isTextual()) {
            ArrayNode items = JsonNodeFactory.instance.arrayNode();
            if (!value.textValue().isEmpty()) {
                Py.split(value.textValue(), ",").forEach(item -> items.add(Py.strip(item)));
            }
            return items;
        }
        throw new ResourceException("StackValidationFailed",
                "Property error: value: \"" + Py.repr(value) + "\" is not a list");
    }
}
