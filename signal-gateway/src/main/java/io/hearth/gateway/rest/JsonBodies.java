package io.hearth.gateway.rest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.platform.rest.ApiException;
import io.hearth.platform.rest.StorableText;
import io.vertx.core.buffer.Buffer;
import java.io.IOException;

/** Reads a request body that must be a JSON object; an empty body is {@code {}}. */
final class JsonBodies {

    private JsonBodies() {
    }

    /**
     * The body as an object: 413 over {@code maxBytes}, 400 for malformed JSON, a JSON value that is not
     * an object or text holding U+0000.
     */
    static ObjectNode object(Buffer body, int maxBytes) {
        if (body == null || body.length() == 0) {
            return HearthJson.mapper().createObjectNode();
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
        if (json == null || json.isMissingNode()) {
            return HearthJson.mapper().createObjectNode();
        }
        if (!(json instanceof ObjectNode object)) {
            throw ApiException.badRequest("InvalidJson", "The request body must be a JSON object, got "
                    + json.getNodeType().toString().toLowerCase(java.util.Locale.ROOT));
        }
        StorableText.check(object);
        return object;
    }
}
