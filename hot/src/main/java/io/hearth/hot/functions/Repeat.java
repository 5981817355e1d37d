package io.hearth.hot.functions;

import static io.hearth.hot.functions.Evaluation.capacity;
import static io.hearth.hot.functions.Evaluation.field;
import static io.hearth.hot.functions.Evaluation.problem;
import static io.hearth.hot.functions.HotVersion.V2016_10_14;
import static io.hearth.hot.functions.HotVersion.V2017_09_01;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.functions.FunctionTable.Mode;
import io.hearth.hot.py.Py;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code repeat} (Heat's {@code Repeat}): a template copied for each combination of its loop values. */
final class Repeat {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private Repeat() {
    }

    static JsonNode repeat(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        if (!raw.isObject() || ev.isCall(raw, mode)) {
            throw problem("Arguments to \"repeat\" must be a map");
        }
        if (!raw.has("for_each") || !raw.has("template")) {
            throw problem(Py.reprString("\"repeat\" syntax should be repeat:\n              template: This is %var%\n"
                    + "              for_each:\n                %var%: ['a', 'b', 'c']"));
        }
        boolean nested = true;
        if (ev.version.atLeast(V2017_09_01) && raw.has("permutations")) {
            if (!raw.get("permutations").isBoolean()) {
                throw problem("\"permutations\" should be boolean type for repeat function.");
            }
            nested = raw.get("permutations").booleanValue();
        }
        String forEachMap = "The \"for_each\" argument to \"repeat\" must contain a map";
        if (!raw.get("for_each").isObject()) {
            throw problem(forEachMap);
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("repeat", args);
        }
        JsonNode forEach = field(args, "for_each");
        if (!forEach.isObject()) {
            throw problem(forEachMap);
        }
        if (forEach.size() == 0) {
            throw problem("not enough values to unpack (expected 2, got 0)");
        }
        boolean maps = ev.version.atLeast(V2016_10_14) && nested;
        List<String> keys = new ArrayList<>();
        List<List<JsonNode>> values = new ArrayList<>();
        Set<Integer> lengths = new HashSet<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = forEach.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            keys.add(e.getKey());
            JsonNode v = e.getValue();
            List<JsonNode> items = new ArrayList<>();
            if (!v.isNull()) {
                if (v.isArray()) {
                    v.forEach(items::add);
                } else if (v.isObject() && maps) {
                    v.fieldNames().forEachRemaining(k -> items.add(TextNode.valueOf(k)));
                } else {
                    throw problem("The values of the \"for_each\" argument to \"repeat\" must be "
                            + (maps ? "lists or maps" : "lists"));
                }
                lengths.add(items.size());
            }
            values.add(items);
        }
        if (!nested && lengths.size() > 1) {
            throw problem("For repeat, the length of for_each values should be equal if no nested loop.");
        }
        JsonNode template = field(args, "template");
        long count = nested ? productSize(values) : values.stream().mapToLong(List::size).min().orElse(0);
        long items = EvaluatedSize.times(count, EvaluatedSize.add(1, ev.budget.size(template).items()));
        ev.budget.reserve(items, 0, true);
        ArrayNode out = NODES.arrayNode(capacity(count));
        long[] chars = {0};
        for (List<JsonNode> combination : nested ? product(values) : zip(values)) {
            out.add(substitute(ev, keys, combination, template, items, chars));
        }
        return out;
    }

    /** How many combinations {@link #product} gives, counted before any is made. */
    private static long productSize(List<List<JsonNode>> lists) {
        long size = 1;
        for (List<JsonNode> list : lists) {
            size = EvaluatedSize.times(size, list.size());
        }
        return size;
    }

    /** itertools.product, made one combination at a time: the last list varies fastest. */
    private static Iterable<List<JsonNode>> product(List<List<JsonNode>> lists) {
        return () -> new Iterator<>() {
            private final int[] at = new int[lists.size()];
            private boolean more = lists.stream().noneMatch(List::isEmpty);

            @Override
            public boolean hasNext() {
                return more;
            }

            @Override
            public List<JsonNode> next() {
                List<JsonNode> combination = new ArrayList<>(lists.size());
                for (int i = 0; i < lists.size(); i++) {
                    combination.add(lists.get(i).get(at[i]));
                }
                int i = lists.size() - 1;
                while (i >= 0 && ++at[i] == lists.get(i).size()) {
                    at[i--] = 0;
                }
                more = i >= 0;
                return combination;
            }
        };
    }

    private static List<List<JsonNode>> zip(List<List<JsonNode>> lists) {
        int n = lists.stream().mapToInt(List::size).min().orElse(0);
        List<List<JsonNode>> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            List<JsonNode> combination = new ArrayList<>();
            for (List<JsonNode> list : lists) {
                combination.add(list.get(i));
            }
            out.add(combination);
        }
        return out;
    }

    /**
     * The template with each key replaced by its value, in its strings and map keys.
     *
     * @param items the items the whole result holds, reserved already
     * @param chars the characters the result's strings hold so far; each string is reserved before it is made
     */
    private static JsonNode substitute(Evaluation ev, List<String> keys, List<JsonNode> values, JsonNode template,
            long items, long[] chars) {
        if (template.isTextual()) {
            String s = template.textValue();
            for (int i = 0; i < keys.size(); i++) {
                JsonNode value = values.get(i);
                if (!value.isTextual()) {
                    throw problem("replace() argument 2 must be str, not " + Py.typeName(value));
                }
                ev.budget.reserve(items, EvaluatedSize.add(chars[0], replacedLength(s, keys.get(i),
                        value.textValue())), false);
                s = Py.replace(s, keys.get(i), value.textValue());
            }
            chars[0] = EvaluatedSize.add(chars[0], s.length());
            return TextNode.valueOf(s);
        }
        if (template.isArray()) {
            ArrayNode out = NODES.arrayNode(template.size());
            template.forEach(t -> out.add(substitute(ev, keys, values, t, items, chars)));
            return out;
        }
        if (template.isObject()) {
            ObjectNode out = NODES.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = template.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode key = substitute(ev, keys, values, TextNode.valueOf(e.getKey()), items, chars);
                out.set(key.textValue(), substitute(ev, keys, values, e.getValue(), items, chars));
            }
            return out;
        }
        return template;
    }

    /** The length of {@link Py#replace}'s result, counted without making it. */
    private static long replacedLength(String s, String old, String replacement) {
        long gaps = old.isEmpty() ? s.codePointCount(0, s.length()) + 1L : Py.splitCount(s, old) - 1L;
        return EvaluatedSize.add(s.length(), EvaluatedSize.times(gaps, replacement.length()) - gaps * old.length());
    }
}
