package io.hearth.platform.rest;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * PostgreSQL stores no U+0000 in {@code text} or {@code jsonb}, and JSON has no infinite number: a request body
 * holding either (a number such as {@code 1e400} parses as infinite) is refused with a 400 naming the field, before
 * anything is written or sent on (a signal body that the consumer could not store would be lost behind a 200).
 */
public final class StorableText {

    private StorableText() {
    }

    /**
     * Checks every key, string and number of a JSON body.
     *
     * @throws ApiException 400 naming the first field that holds U+0000 or a number out of a double's range
     */
    public static void check(JsonNode body) {
        String field = firstUnstorable(body, "");
        if (field != null) {
            int problem = field.lastIndexOf('\0');
            throw ApiException.badRequest("BadRequest", "Invalid " + (problem == 0 ? "body" : field.substring(0,
                    problem)) + ": " + field.substring(problem + 1));
        }
    }

    /** The path of the first key, string or number that cannot be stored, then U+0000 and why; or null. */
    private static String firstUnstorable(JsonNode node, String path) {
        if (node.isTextual()) {
            return node.textValue().indexOf('\0') >= 0 ? path + "\0must not contain the character U+0000" : null;
        }
        if (node.isFloatingPointNumber() && !Double.isFinite(node.doubleValue())) {
            return path + "\0must be a finite number (at most about 1.8e308 either way)";
        }
        if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                String found = firstUnstorable(node.get(i), path + "[" + i + "]");
                if (found != null) {
                    return found;
                }
            }
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> field = it.next();
            String at = path.isEmpty() ? field.getKey() : path + "." + field.getKey();
            if (field.getKey().indexOf('\0') >= 0) {
                return at + "\0must not contain the character U+0000";
            }
            String found = firstUnstorable(field.getValue(), at);
            if (found != null) {
                return found;
            }
        }
        return null;
    }
}
