package io.hearth.gateway.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.rest.StorableText;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;

/** Reads request bodies: JSON, or a JSON object where an empty body is {@code {}}. */
final class JsonBodies {

    private JsonBodies() {
    }

    /**
     * The body as an object: 413 over {@code maxBytes}, 400 for malformed JSON, a JSON value that is not
     * an object or text holding U+0000.
     */
    static ObjectNode object(Buffer body, int maxBytes) {
        return object(tree(body, maxBytes));
    }

    /**
     * The body as an object where a JSON {@code null} is {@code {}} too: Heat's resource signal takes
     * {@code body=None} as no details (heatclient's {@code resources.signal} without data sends {@code null}).
     */
    static ObjectNode objectOrNull(Buffer body, int maxBytes) {
        JsonNode json = tree(body, maxBytes);
        return object(json == null || json.isNull() ? null : json);
    }

    private static ObjectNode object(JsonNode json) {
        if (json == null) {
            return HearthJson.mapper().createObjectNode();
        }
        if (!(json instanceof ObjectNode object)) {
            throw ApiException.badRequest("InvalidJson", "The request body must be a JSON object, got "
                    + json.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
        }
        StorableText.check(object);
        return object;
    }

    /** The body as JSON, null when it is empty: 413 over {@code maxBytes}, 400 for malformed JSON. */
    static JsonNode tree(Buffer body, int maxBytes) {
        if (body == null || body.length() == 0) {
            return null;
        }
        if (body.length() > maxBytes) {
            throw RequestGuard.tooLarge(maxBytes);
        }
        JsonNode json;
        try {
            json = HearthJson.mapper().readTree(body.getBytes());
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("InvalidJson", "The request body is not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw ApiException.badRequest("InvalidJson", "The request body is not readable: " + e.getMessage());
        }
        return json == null || json.isMissingNode() ? null : json;
    }
}
