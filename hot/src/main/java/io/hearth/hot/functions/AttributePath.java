package io.hearth.hot.functions;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.py.Py;
import java.math.BigInteger;
import java.util.List;

/**
 * Heat's way of following a path of keys and indexes into a value ({@code get_attr} and {@code get_param}
 * paths). A map takes string keys; a list (or a string, which Python indexes by character) takes integer
 * indexes, negative ones counting from the end.
 */
public final class AttributePath {

    private AttributePath() {
    }

    /**
     * {@code select_from_attribute}: the value at {@code path} inside {@code value}, or JSON null when the
     * path does not lead anywhere (Heat's None). List indexes must be integers here.
     */
    public static JsonNode select(JsonNode value, List<JsonNode> path) {
        JsonNode current = value;
        for (JsonNode key : path) {
            current = step(current, key, false);
            if (current == null) {
                return NullNode.getInstance();
            }
        }
        return current == null ? NullNode.getInstance() : current;
    }

    /**
     * One step of a path, or null where Python raises KeyError, IndexError or TypeError. With {@code
     * stringIndexes}, a string key into a list is read as an integer ({@code get_param} does so).
     */
    static JsonNode step(JsonNode collection, JsonNode key, boolean stringIndexes) {
        if (collection == null) {
            return null;
        }
        if (collection.isObject()) {
            return key.isTextual() ? collection.get(key.textValue()) : null;
        }
        if (!collection.isArray() && !collection.isTextual()) {
            return null;
        }
        BigInteger index;
        if (key.isBoolean() || key.isIntegralNumber()) {
            index = Py.toInt(key);
        } else if (key.isTextual() && stringIndexes) {
            index = Py.parseInt(key.textValue());
        } else {
            return null;
        }
        if (index == null) {
            return null;
        }
        int length = collection.isArray() ? collection.size() : Py.len(collection.textValue());
        BigInteger normal = index.signum() < 0 ? index.add(BigInteger.valueOf(length)) : index;
        if (normal.signum() < 0 || normal.compareTo(BigInteger.valueOf(length)) >= 0) {
            return null;
        }
        int i = normal.intValue();
        if (collection.isArray()) {
            return collection.get(i);
        }
        String s = collection.textValue();
        int at = s.offsetByCodePoints(0, i);
        return TextNode.valueOf(new String(Character.toChars(s.codePointAt(at))));
    }
}
