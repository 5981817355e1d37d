package io.hearth.hot.functions;

import static io.hearth.hot.functions.Evaluation.field;
import static io.hearth.hot.functions.Evaluation.item;
import static io.hearth.hot.functions.Evaluation.problem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.functions.FunctionTable.Mode;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyJson;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The functions on maps and lists: {@code map_merge}, {@code map_replace}, {@code list_concat},
 * {@code list_concat_unique}, {@code contains} and {@code filter}.
 */
final class CollectionFunctions {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private CollectionFunctions() {
    }

    static JsonNode mapMerge(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("map_merge", args);
        }
        if (!args.isArray() && !args.isTextual()) {
            throw problem("Incorrect arguments to \"map_merge\" should be: "
                    + "\"map_merge\" : [ { \"key1\": \"val1\" }, { \"key2\": \"val2\" } ]");
        }
        ObjectNode out = NODES.objectNode();
        List<JsonNode> items = new ArrayList<>();
        if (args.isTextual()) {
            args.textValue().codePoints().forEach(c -> items.add(TextNode.valueOf(new String(Character.toChars(c)))));
        } else {
            args.forEach(items::add);
        }
        for (JsonNode m : items) {
            if (m.isNull()) {
                continue;
            }
            if (!m.isObject()) {
                throw problem("Incorrect arguments: Items to merge must be maps. " + Py.prefix(Py.repr(m), 200)
                        + " is type <class '" + Py.typeName(m) + "'> instead of a dict");
            }
            out.setAll((ObjectNode) m.deepCopy());
        }
        return out;
    }

    static JsonNode mapReplace(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("map_replace", args);
        }
        String example = "\"map_replace\" : [ { \"key1\": \"val1\" }, "
                + "{\"keys\": {\"key1\": \"key2\"}, \"values\": {\"val1\": \"val2\"}}]";
        String incorrect = "Incorrect arguments to \"map_replace\" should be: " + example;
        String notMaps = "Incorrect arguments: to \"map_replace\", arguments must be a list of maps. Example:  "
                + example;
        if (!args.isArray() || args.size() == 0) {
            throw problem(incorrect);
        }
        JsonNode input = ensureMap(args.get(0), notMaps);
        if (args.size() < 2) {
            throw problem(incorrect);
        }
        JsonNode replacements = ensureMap(args.get(1), notMaps);
        if (args.size() > 2) {
            throw problem(incorrect);
        }
        for (Iterator<String> it = replacements.fieldNames(); it.hasNext();) {
            String k = it.next();
            if (!k.equals("keys") && !k.equals("values")) {
                throw problem(incorrect);
            }
        }
        JsonNode keys = ensureMap(field(replacements, "keys"), notMaps);
        JsonNode values = ensureMap(field(replacements, "values"), notMaps);
        ObjectNode out = NODES.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = input.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            String k = e.getKey();
            JsonNode replacementKey = keys.get(k);
            String key;
            if (replacementKey == null || replacementKey.isNull()) {
                key = k;
            } else {
                if (replacementKey.isContainerNode()) {
                    throw problem("unhashable type: '" + Py.typeName(replacementKey) + "'");
                }
                key = replacementKey.isTextual() ? replacementKey.textValue() : PyJson.dumps(replacementKey, true);
                if (replacementKey.isTextual() && input.has(key) && !key.equals(k)) {
                    throw problem("key replacement " + key + " collides with a key in the input map");
                }
                if (out.has(key)) {
                    throw problem("key replacement " + Py.str(replacementKey) + " collides with a key in the output map");
                }
            }
            JsonNode v = e.getValue();
            JsonNode replaced = v.isTextual() ? values.get(v.textValue()) : null;
            out.set(key, (replaced != null ? replaced : v).deepCopy());
        }
        return out;
    }

    private static JsonNode ensureMap(JsonNode m, String message) {
        if (m.isNull()) {
            return NODES.objectNode();
        }
        if (!m.isObject()) {
            throw problem(message);
        }
        return m;
    }

    static JsonNode listConcat(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending(fn, args);
        }
        if (!args.isArray()) {
            throw problem("Incorrect arguments to \"" + fn + "\" should be: \"" + fn
                    + "\" : [ [ <value 1>, <value 2> ], [ <value 3>, <value 4> ] ]");
        }
        List<JsonNode> out = new ArrayList<>();
        Set<Object> seen = new HashSet<>();
        for (JsonNode list : args) {
            if (list.isNull()) {
                continue;
            }
            if (!list.isArray()) {
                throw problem("Incorrect arguments: Items to concat must be lists. " + PyJson.dumps(args, false)
                        + " contains an item that is not a list: " + PyJson.dumps(list, false));
            }
            for (JsonNode i : list) {
                // list_concat_unique keeps the first of equal values (Python ==)
                if (!fn.equals("list_concat_unique") || seen.add(Py.eqKey(i))) {
                    out.add(i.deepCopy());
                }
            }
        }
        ArrayNode result = NODES.arrayNode(out.size());
        out.forEach(result::add);
        return result;
    }

    static JsonNode contains(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        if (!Py.truthy(raw) || !raw.isArray()) {
            throw problem("Incorrect arguments to \"contains\" should be: "
                    + "\"contains\" : [ \"value1\", [ \"value1\", \"value2\"]]");
        }
        if (raw.size() != 2) {
            throw problem("Arguments to \"contains\" must be of the form: [value1, [value1, value2]]");
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("contains", args);
        }
        JsonNode value = item(args, 0);
        JsonNode sequence = item(args, 1);
        if (sequence.isTextual()) {
            if (!value.isTextual()) {
                throw problem("'in <string>' requires string as left operand, not " + Py.typeName(value));
            }
            return BooleanNode.valueOf(sequence.textValue().contains(value.textValue()));
        }
        if (!sequence.isArray()) {
            throw problem("Second argument to \"contains\" should be a sequence.");
        }
        return BooleanNode.valueOf(Py.in(value, sequence));
    }

    static JsonNode filter(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        if (!raw.isArray()) {
            throw problem("Argument to \"filter\" must be a list");
        }
        if (raw.size() != 2) {
            throw problem("\"filter\" expected 2 arguments of the form [values, sequence] but got " + raw.size()
                    + " arguments instead");
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("filter", args);
        }
        JsonNode sequence = item(args, 1);
        if (!Py.truthy(sequence)) {
            return sequence;
        }
        if (!sequence.isArray()) {
            throw problem("\"filter\" only works with lists");
        }
        JsonNode values = item(args, 0);
        if (!Py.truthy(values)) {
            return sequence;
        }
        if (!values.isArray()) {
            throw problem("\"filter\" filters a list of values");
        }
        Set<Object> removed = new HashSet<>();
        values.forEach(v -> removed.add(Py.eqKey(v)));
        ArrayNode out = NODES.arrayNode();
        for (JsonNode i : sequence) {
            if (!removed.contains(Py.eqKey(i))) {
                out.add(i);
            }
        }
        return out;
    }
}
