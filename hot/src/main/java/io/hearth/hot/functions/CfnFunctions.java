package io.hearth.hot.functions;

import static io.hearth.hot.functions.Evaluation.item;
import static io.hearth.hot.functions.Evaluation.problem;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.functions.FunctionTable.Mode;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import io.hearth.hot.py.PyJson;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The CloudFormation functions with no HOT counterpart, after Heat's {@code heat/engine/cfn/functions.py}:
 * {@code Fn::Select}, {@code Fn::Split}, {@code Fn::Base64}, {@code Fn::MemberListToMap},
 * {@code Fn::FindInMap} and {@code Fn::GetAZs}. ({@code Ref}, {@code Fn::GetAtt}, {@code Fn::Join},
 * {@code Fn::Replace} and the condition functions share their HOT counterparts' code.)
 */
final class CfnFunctions {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final Pattern MEMBER = Pattern.compile("\\.member\\.([0-9]+)\\.(.*)", Pattern.DOTALL);

    private CfnFunctions() {
    }

    /** {@code [index, collection]}: an item of a list or map (or of its JSON text); '' when there is none. */
    static JsonNode select(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        if (!raw.isArray() || raw.size() != 2) {
            throw problem("Arguments to \"" + fn + "\" must be of the form [index, collection]");
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending(fn, args);
        }
        JsonNode index = item(args, 0);
        JsonNode strings = item(args, 1);
        if (strings.isTextual() && strings.textValue().isEmpty()) {
            return TextNode.valueOf("");
        }
        if (strings.isTextual()) {
            try {
                strings = PyJson.loads(strings.textValue());
            } catch (PyError e) {
                throw problem("\"" + fn + "\": " + e.getMessage());
            }
        }
        if (strings.isObject()) {
            if (!index.isTextual()) {
                throw problem("Index to \"" + fn + "\" must be a string");
            }
            JsonNode value = strings.get(index.textValue());
            return value == null ? TextNode.valueOf("") : copy(ev, value);
        }
        BigInteger position = null;
        try {
            position = Py.toInt(index);
        } catch (PyError e) {
            // Heat keeps the index as it is, and refuses it below
        }
        if (strings.isArray()) {
            if (position == null) {
                throw problem("Index to \"" + fn + "\" must be an integer");
            }
            BigInteger size = BigInteger.valueOf(strings.size());
            BigInteger normal = position.signum() < 0 ? position.add(size) : position;
            if (normal.signum() < 0 || normal.compareTo(size) >= 0) {
                return TextNode.valueOf("");
            }
            return copy(ev, strings.get(normal.intValue()));
        }
        if (strings.isNull()) {
            return TextNode.valueOf("");
        }
        throw problem("Arguments to " + fn + " not fully resolved");
    }

    /** {@code [delimiter, string]}: the string's parts. */
    static JsonNode split(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        String incorrect = "Incorrect arguments to \"" + fn + "\" should be: \"" + fn + "\" : [ \",\", \"str1,str2\"]]";
        if (!raw.isArray() || raw.size() != 2) {
            throw problem(incorrect);
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending(fn, args);
        }
        JsonNode delim = raw.get(0);
        JsonNode subject = item(args, 1);
        if (!delim.isTextual()) {
            throw problem("Delimiter for " + fn + " must be string");
        }
        if (!subject.isTextual()) {
            throw problem("String to split must be string; got <class '" + Py.typeName(subject) + "'>");
        }
        if (delim.textValue().isEmpty()) {
            throw problem("empty separator");
        }
        int count = Py.splitCount(subject.textValue(), delim.textValue());
        ev.budget.reserve(count, 0, true);
        ArrayNode out = NODES.arrayNode(count);
        Py.split(subject.textValue(), delim.textValue()).forEach(out::add);
        return out;
    }

    /** Heat converts nothing: the string as it is (Heat accepts user data in plain text). */
    static JsonNode base64(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending(fn, args);
        }
        if (!args.isTextual()) {
            throw problem("\"" + fn + "\" argument must be a string");
        }
        return args;
    }

    /**
     * {@code [key_name, value_name, ['.member.0.<key_name>=k', '.member.0.<value_name>=v', ...]]}: the map
     * {@code {k: v}} (Heat's {@code extract_param_pairs}).
     */
    static JsonNode memberListToMap(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        if (!raw.isArray() || raw.size() != 3) {
            throw problem("Wrong Arguments try: \"\n            {'Fn::MemberListToMap': ['Name', 'Value',\n"
                    + "                                     ['.member.0.Name=key',\n"
                    + "                                      '.member.0.Value=door']]}\n            \"");
        }
        if (!raw.get(0).isTextual()) {
            throw problem(fn + " Key Name must be a string");
        }
        if (!raw.get(1).isTextual()) {
            throw problem(fn + " Value Name must be a string");
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            return ev.pending(fn, args);
        }
        JsonNode list = item(args, 2);
        if (!list.isArray() && !list.isObject() && !list.isTextual()) {
            throw problem("Member list must be a list");
        }
        Map<String, String> partials = new LinkedHashMap<>();
        for (JsonNode member : list.isTextual() ? NODES.arrayNode() : list) {
            if (!member.isTextual()) {
                throw problem("Member list items must be strings");
            }
            String s = member.textValue();
            int eq = s.indexOf('=');
            if (eq < 0) {
                throw problem("dictionary update sequence element #0 has length 1; 2 is required");
            }
            partials.put(s.substring(0, eq), s.substring(eq + 1));
        }
        Map<Integer, Map<String, String>> byIndex = new TreeMap<>();
        partials.forEach((name, value) -> {
            Matcher m = MEMBER.matcher(name);
            if (m.lookingAt() && m.group(1).length() < 10) {
                byIndex.computeIfAbsent(Integer.parseInt(m.group(1)), i -> new LinkedHashMap<>()).put(m.group(2), value);
            }
        });
        String key = raw.get(0).textValue();
        String value = raw.get(1).textValue();
        ObjectNode out = NODES.objectNode();
        byIndex.values().stream().filter(p -> p.containsKey(key) && p.containsKey(value))
                .forEach(p -> out.put(p.get(key), p.get(value)));
        ev.budget.reserve(ev.budget.size(out));
        return out;
    }

    /** {@code [mapping, key, value]}: the value the template's {@code Mappings} section holds there. */
    static JsonNode findInMap(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        if (!raw.isArray() || raw.size() != 3) {
            throw problem("Arguments to \"" + fn + "\" must be of the form [mapping, key, value]");
        }
        JsonNode args = ev.args(raw, at, mode);
        if (!ev.resolved(args)) {
            throw problem("\"" + fn + "\" of a value known only once resources exist is not supported by Hearth");
        }
        JsonNode found = ev.ctx.mappings();
        String[] what = {"mapping", "key", "value"};
        for (int i = 0; i < 3; i++) {
            JsonNode name = args.get(i);
            JsonNode next = found.isObject() && name.isTextual() ? found.get(name.textValue()) : null;
            if (next == null) {
                throw problem("\"" + fn + "\": the " + what[i] + " " + Py.repr(name) + " is not in "
                        + (i == 0 ? "the Mappings section" : Py.repr(args.get(i - 1))));
            }
            found = next;
        }
        return copy(ev, found);
    }

    /** The availability zones; Hearth's compute drivers have the one Nova names by default. */
    static JsonNode getAZs(Evaluation ev, String fn, JsonNode raw, Path at, Mode mode) {
        ev.args(raw, at, mode);
        return NODES.arrayNode().add("nova");
    }

    private static JsonNode copy(Evaluation ev, JsonNode value) {
        ev.budget.reserve(ev.budget.size(value));
        return value.deepCopy();
    }
}
