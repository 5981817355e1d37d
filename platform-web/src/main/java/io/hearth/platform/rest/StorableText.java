package io.hearth.platform.rest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * PostgreSQL stores no U+0000 in {@code text} or {@code jsonb}: a request body holding one is refused with
 * a 400 naming the field, before anything is written or sent on (a signal body that the consumer could
 * not store would be lost behind a 200).
 */
public final class StorableText {

    private StorableText() {
    }

    /**
     * Checks every key and string of a JSON body.
     *
     * @throws ApiException 400 naming the first field that holds U+0000
     */
    public static void check(JsonNode body) {
        String field = firstNul(body, "");
        if (field != null) {
            throw ApiException.badRequest("BadRequest", "Invalid " + (field.isEmpty() ? "body" : field)
                    + ": must not contain the character U+0000");
        }
    }

    /** The path of the first key or string holding U+0000, or null. */
    private static String firstNul(JsonNode node, String path) {
        if (node.isTextual()) {
            return node.textValue().indexOf('\0') >= 0 ? path : null;
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String found = firstNul(node.get(i), path + "[" + i + "]");
                if (found != null) {
                    return found;
                }
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            String at = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
            if (field.getKey().indexOf('\0') >= 0) {
                return at;
            }
            String found = firstNul(field.getValue(), at);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
