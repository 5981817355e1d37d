package io.hearth.hot.functions;

import static io.hearth.hot.functions.Evaluation.capacity;
import static io.hearth.hot.functions.Evaluation.field;
import static io.hearth.hot.functions.Evaluation.item;
import static io.hearth.hot.functions.Evaluation.problem;
import static io.hearth.hot.functions.HotVersion.V2015_10_15;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.functions.FunctionTable.Mode;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import io.hearth.hot.py.PyJson;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The functions that make strings: {@code str_replace} and its strict variants, {@code list_join} and
 * {@code str_split} (Heat's {@code Replace*}, {@code Join*} and {@code StrSplit}), and CFN's
 * {@code Fn::Replace} and {@code Fn::Join}. Each counts its result
 * before it builds it.
 */
final class StringFunctions {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private StringFunctions() {
    }

    static JsonNode strReplace(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        if (!raw.isObject() || ev.isCall(raw, mode)) {
            throw problem("Arguments to \"" + fn + "\" must be a map");
        }
        if (!raw.has("params") || !raw.has("template")) {
            String example = fn + ":\n              template: This is var1 template var2\n              params:\n"
                    + "                var1: a\n                var2: string";
            throw problem(Py.reprString("\"" + fn + "\" syntax should be " + example));
        }
        if (!raw.get("params").isObject()) {
            throw problem("\"" + fn + "\" parameters must be a mapping");
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending(fn, args);
        }
        return substitute(ev, fn, field(args, "template"), field(args, "params"));
    }

    /** CFN's {@code Fn::Replace}: {@code [mapping, string]}, substituted as {@code str_replace} of 2013-05-23 does. */
    static JsonNode cfnReplace(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        if (!raw.isArray() || raw.size() != 2) {
            throw problem("Incorrect arguments to \"" + fn + "\" should be: {\"" + fn
                    + "\": [ {\"$var1\": \"foo\", \"%var2%\": \"bar\"}, \"$var1 is %var2%\"]}");
        }
        if (!raw.get(0).isObject()) {
            throw problem("\"" + fn + "\" parameters must be a mapping");
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending(fn, args);
        }
        return substitute(ev, fn, item(args, 1), item(args, 0));
    }

    /** Heat's {@code Replace.result}: every key of {@code mapping} replaced in {@code template}. */
    private static JsonNode substitute(Evaluation ev, String fn, JsonNode template, JsonNode mapping) {
        if (!template.isTextual()) {
            throw problem("\"" + fn + "\" template must be a string");
        }
        if (!mapping.isObject()) {
            throw problem("\"" + fn + "\" params must be a map");
        }
        boolean legacy = fn.equals("Fn::Replace") || (fn.equals("str_replace") && !ev.version.atLeast(V2015_10_15));
        boolean strict = !fn.equals("str_replace");
        boolean allowEmpty = !fn.equals("str_replace_vstrict");
        List<String> keys = new ArrayList<>();
        mapping.fieldNames().forEachRemaining(keys::add);
        sortLongestFirst(keys);
        List<String> values = new ArrayList<>();
        for (String key : keys) {
            values.add(replacement(mapping.get(key), key, fn, legacy, allowEmpty));
        }
        Set<String> unreplaced = strict ? new HashSet<>(keys) : null;
        long length = replace(template.textValue(), keys, values, 0, null, unreplaced);
        if (strict && !unreplaced.isEmpty()) {
            List<String> missing = new ArrayList<>(unreplaced);
            sortLongestFirst(missing);
            throw problem("The following params were not found in the template: " + String.join(",", missing));
        }
        ev.budget.reserve(0, length, true);
        StringBuilder result = new StringBuilder(capacity(length));
        replace(template.textValue(), keys, values, 0, result, null);
        return TextNode.valueOf(result.toString());
    }

    /** Heat's order of str_replace keys: longer first, then lexicographic. */
    private static void sortLongestFirst(List<String> keys) {
        keys.sort(Py::compareCodePoints);
        keys.sort(Comparator.<String>comparingInt(Py::len).reversed());
    }

    /**
     * Heat's replacement: {@code s} split at the longest key, each part replaced by the next keys, the parts
     * joined with the key's value. Writes the result into {@code out}, or only counts it when that is null.
     *
     * @param unreplaced the keys not found yet; those found are removed (null: not tracked)
     * @return the result's length
     */
    private static long replace(String s, List<String> keys, List<String> values, int k, StringBuilder out,
            Set<String> unreplaced) {
        if (k == keys.size()) {
            if (out != null) {
                out.append(s);
            }
            return s.length();
        }
        String placeholder = keys.get(k);
        if (placeholder.isEmpty()) {
            throw problem("empty separator");
        }
        List<String> parts = Py.split(s, placeholder);
        if (unreplaced != null && parts.size() > 1) {
            unreplaced.remove(placeholder);
        }
        String value = values.get(k);
        long length = EvaluatedSize.times(parts.size() - 1, value.length());
        for (int i = 0; i < parts.size(); i++) {
            if (i > 0 && out != null) {
                out.append(value);
            }
            length = EvaluatedSize.add(length, replace(parts.get(i), keys, values, k + 1, out, unreplaced));
        }
        return length;
    }

    private static String replacement(JsonNode value, String param, String fn, boolean legacy, boolean allowEmpty) {
        String empty = fn + " has an undefined or empty value for param " + param
                + ", must be a defined non-empty value";
        if (value.isNull()) {
            if (!allowEmpty) {
                throw problem(empty);
            }
            return "";
        }
        if (value.isContainerNode()) {
            if (legacy) {
                throw problem("\"" + fn + "\" params must be strings or numbers, param " + param + " is not valid");
            }
            if (!allowEmpty && value.size() == 0) {
                throw problem(empty);
            }
            return PyJson.dumps(value, true);
        }
        String text = Py.str(value);
        if (!allowEmpty && text.isEmpty()) {
            throw problem(empty);
        }
        return text;
    }

    /** {@code list_join}, and CFN's {@code Fn::Join} (one list, as {@code list_join} of 2013-05-23). */
    static JsonNode listJoin(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        boolean multiple = fn.equals("list_join") && ev.version.atLeast(V2015_10_15);
        String example = multiple ? "\"" + fn + "\" : [ \" \", [ \"str1\", \"str2\"] ...]"
                : "\"" + fn + "\" : [ \" \", [ \"str1\", \"str2\"]]";
        String incorrect = "Incorrect arguments to \"" + fn + "\" should be: " + example;
        if (!raw.isArray() || (multiple ? raw.size() < 2 : raw.size() != 2)) {
            throw problem(incorrect);
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending(fn, args);
        }
        List<JsonNode> strings = new ArrayList<>();
        if (multiple) {
            for (int i = 1; i < args.size(); i++) {
                JsonNode list = args.get(i);
                if (Py.truthy(list)) {
                    if (!list.isArray()) {
                        throw problem("\"" + fn + "\" must operate on a list");
                    }
                    list.forEach(strings::add);
                }
            }
        } else {
            JsonNode list = item(args, 1);
            if (!list.isNull()) {
                if (!list.isArray()) {
                    throw problem("\"" + fn + "\" must operate on a list");
                }
                list.forEach(strings::add);
            }
        }
        JsonNode delim = item(args, 0);
        if (!delim.isTextual()) {
            throw problem("\"" + fn + "\" delimiter must be a string");
        }
        List<String> pieces = new ArrayList<>(strings.size());
        long length = EvaluatedSize.times(Math.max(strings.size() - 1, 0), delim.textValue().length());
        for (JsonNode s : strings) {
            String piece;
            if (s.isNull()) {
                piece = "";
            } else if (s.isTextual()) {
                piece = s.textValue();
            } else if (multiple && s.isContainerNode()) {
                piece = PyJson.dumps(s, true);
            } else if (multiple) {
                throw problem("Items to join must be string, map or list not " + Py.prefix(Py.repr(s), 200));
            } else {
                throw problem("Items to join must be strings not " + Py.prefix(Py.repr(s), 200));
            }
            pieces.add(piece);
            length = EvaluatedSize.add(length, piece.length());
        }
        ev.budget.reserve(0, length, true);
        StringBuilder out = new StringBuilder(capacity(length));
        for (int i = 0; i < pieces.size(); i++) {
            if (i > 0) {
                out.append(delim.textValue());
            }
            out.append(pieces.get(i));
        }
        return TextNode.valueOf(out.toString());
    }


    static JsonNode strSplit(Evaluation ev, JsonNode raw, Path at, Mode mode) {
        String example = "\"str_split\" : [ \",\", \"apples,pears\", <index>]";
        String incorrect = "Incorrect arguments to \"str_split\" should be: " + example;
        if (raw.isTextual() || (raw.isObject() && !ev.isCall(raw, mode))) {
            throw problem(incorrect);
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending("str_split", args);
        }
        if (!args.isArray() || args.size() < 2) {
            throw problem(incorrect);
        }
        JsonNode delim = args.get(0);
        JsonNode subject = args.get(1);
        if (subject.isNull()) {
            return NullNode.getInstance();
        }
        if (!subject.isTextual()) {
            throw problem(incorrect);
        }
        String separator = null;
        if (!delim.isNull()) {
            if (!delim.isTextual()) {
                throw problem("must be str or None, not " + Py.typeName(delim));
            }
            if (delim.textValue().isEmpty()) {
                throw problem("empty separator");
            }
            separator = delim.textValue();
        }
        int count = Py.splitCount(subject.textValue(), separator);
        if (args.size() > 2) {
            BigInteger index;
            try {
                index = Py.toInt(args.get(2));
            } catch (PyError e) {
                throw problem("Incorrect index to \"str_split\" should be: " + example);
            }
            BigInteger normal = index.signum() < 0 ? index.add(BigInteger.valueOf(count)) : index;
            if (normal.signum() < 0 || normal.compareTo(BigInteger.valueOf(count)) >= 0) {
                throw problem("Incorrect index to \"str_split\" should be between 0 and " + (count - 1));
            }
            return TextNode.valueOf(Py.splitPart(subject.textValue(), separator, normal.intValue()));
        }
        ev.budget.reserve(count, 0, true);
        ArrayNode out = NODES.arrayNode(count);
        Py.split(subject.textValue(), separator).forEach(out::add);
        return out;
    }
}
