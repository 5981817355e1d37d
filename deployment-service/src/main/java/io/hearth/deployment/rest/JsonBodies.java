package io.hearth.deployment.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.rest.StorableText;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Reads and checks request bodies: size first (413, Heat's wording), then JSON, text the database can store,
 * then each field's type and length (400).
 */
@ApplicationScoped
public class JsonBodies {

    private final ApiLimits limits;

    public JsonBodies(ApiLimits limits) {
        this.limits = limits;
    }

    /** The body as a JSON object. */
    public ObjectNode object(String body) {
        int size = body == null ? 0 : body.getBytes(StandardCharsets.UTF_8).length;
        if (size > limits.maxBodyBytes()) {
            throw new ApiException(413, "RequestLimitExceeded", "Request limit exceeded: JSON body size (" + size
                    + " bytes) exceeds maximum allowed size (" + limits.maxBodyBytes() + " bytes).");
        }
        JsonNode tree;
        try {
            tree = body == null || body.isBlank() ? null : HearthJson.mapper().readTree(body);
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("InvalidJson", "The request body is not valid JSON: " + e.getOriginalMessage());
        }
        if (tree == null || !tree.isObject()) {
            throw ApiException.badRequest("BadRequest", "The request body must be a JSON object");
        }
        StorableText.check(tree);
        return (ObjectNode) tree;
    }

    /** A string field, or null when absent or null. */
    public static String string(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isTextual()) {
            throw ApiException.badRequest("BadRequest", "Invalid " + field + ": must be a string, not " + kind(value));
        }
        return value.textValue();
    }

    /** A string field of at most {@code max} characters (its column's length), or null when absent or null. */
    public static String string(JsonNode body, String field, int max) {
        String value = string(body, field);
        int length = value == null ? 0 : value.codePointCount(0, value.length());
        if (length > max) {
            throw ApiException.badRequest("BadRequest", "Invalid " + field + ": must be at most " + max
                    + " characters, not " + length);
        }
        return value;
    }

    /** A required string field (a config id is no column's text: one that is no UUID is not found). */
    public static String required(JsonNode body, String field) {
        return required(body, field, Integer.MAX_VALUE);
    }

    /** A required string field of at most {@code max} characters. */
    public static String required(JsonNode body, String field, int max) {
        String value = string(body, field, max);
        if (value == null || value.isEmpty()) {
            throw ApiException.badRequest("BadRequest", field + " must be specified");
        }
        return value;
    }

    /** A map field, or null when absent or null. */
    public static ObjectNode map(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isObject()) {
            throw ApiException.badRequest("BadRequest", "Invalid " + field + ": must be a map, not " + kind(value));
        }
        return (ObjectNode) value;
    }

    /** A list field, or null when absent or null. */
    public static JsonNode list(JsonNode body, String field) {
        JsonNode value = body.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isArray()) {
            throw ApiException.badRequest("BadRequest", "Invalid " + field + ": must be a list, not " + kind(value));
        }
        return value;
    }

    /** A string field that must be one of the allowed values (Heat's AllowedValues wording). */
    public static String oneOf(JsonNode body, String field, List<String> allowed) {
        String value = string(body, field);
        if (value != null && !allowed.contains(value)) {
            throw ApiException.badRequest("BadRequest", "Invalid " + field + ": \"" + value
                    + "\" is not an allowed value [" + String.join(", ", allowed) + "]");
        }
        return value;
    }

    private static String kind(JsonNode value) {
        if (value.isObject()) {
            return "a map";
        }
        if (value.isArray()) {
            return "a list";
        }
        if (value.isNumber()) {
            return "a number";
        }
        if (value.isBoolean()) {
            return "a boolean";
        }
        return "a string";
    }
}
