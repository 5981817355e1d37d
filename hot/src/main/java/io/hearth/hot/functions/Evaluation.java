package io.hearth.hot.functions;

import static io.hearth.hot.functions.HotVersion.V2015_10_15;
import static io.hearth.hot.functions.HotVersion.V2016_10_14;
import static io.hearth.hot.functions.HotVersion.V2017_09_01;
import static io.hearth.hot.functions.HotVersion.V2021_04_16;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.functions.FunctionTable.Kind;
import io.hearth.hot.functions.FunctionTable.Mode;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import io.hearth.hot.py.PyJson;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * One evaluation: walks a value, evaluates the function calls it can and keeps the others (those waiting
 * for a resource id or attribute) as expression nodes with their arguments evaluated. Each function
 * follows Heat's {@code heat/engine/hot/functions.py}: the argument checks Heat makes when it parses a
 * template run on the arguments as written (a nested call counts as a function, whatever it will return),
 * the checks of its {@code result()} run on the evaluated arguments.
 */
final class Evaluation {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A value that is not there: the false branch of a two-argument {@code if} (Heat's Ellipsis). */
    static final JsonNode ABSENT = MissingNode.getInstance();

    private final EvaluationContext ctx;
    private final HotVersion version;
    private final boolean located;
    private final Set<JsonNode> unresolved = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Map<String, Boolean> conditionResults = new HashMap<>();
    private final Set<String> conditionsInProgress = new HashSet<>();
    private final Budget budget;

    Evaluation(EvaluationContext ctx, boolean located, Budget budget) {
        this.ctx = ctx;
        this.version = ctx.version();
        this.located = located;
        this.budget = budget;
    }

    /** A function's complaint; the caller adds where the function is. */
    static final class Problem extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Problem(String message) {
            super(message, null, false, false);
        }
    }

    // ---------------------------------------------------------------- walking

    JsonNode eval(JsonNode node, Path path, Mode mode) {
        if (node == null) {
            return NullNode.getInstance();
        }
        if (node.isObject()) {
            return evalObject(node, path, mode);
        }
        if (node.isArray()) {
            ArrayNode out = NODES.arrayNode(node.size());
            for (int i = 0; i < node.size(); i++) {
                JsonNode v = eval(node.get(i), path.index(i), mode);
                if (v.isMissingNode()) {
                    continue;
                }
                budget.put(null, v, path.index(i));
                out.add(v);
                if (!resolved(v)) {
                    unresolved.add(out);
                }
            }
            return out;
        }
        return node;
    }

    private JsonNode evalObject(JsonNode obj, Path path, Mode mode) {
        if (obj.size() == 1) {
            String name = obj.fieldNames().next();
            Kind kind = FunctionTable.kind(name, version, mode);
            if (kind != Kind.DATA) {
                Path at = path.key(name);
                switch (kind) {
                    case TOO_NEW -> throw new ExpressionException(at.toString(), "The function \"" + name
                            + "\" is not supported in " + HotVersion.KEY + " " + version.date() + "; it requires "
                            + FunctionTable.since(name, mode).date() + " or later");
                    case REMOVED -> throw new ExpressionException(at.toString(),
                            "The template version is invalid: The function " + name
                                    + " is not supported in this version of HOT.");
                    case INVALID_HERE -> throw new ExpressionException(at.toString(), invalidHere(name));
                    case NOT_IN_HEARTH -> throw new ExpressionException(at.toString(), notInHearth(name));
                    default -> {
                        try {
                            Budget.Call started = budget.enter(name);
                            JsonNode result = call(name, obj.get(name), at, mode);
                            budget.leave(started, result);
                            return result;
                        } catch (Problem p) {
                            throw new ExpressionException(at.toString(), p.getMessage());
                        }
                    }
                }
            }
        }
        ObjectNode out = NODES.objectNode();
        for (Iterator<Map.Entry<String, JsonNode>> it = obj.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = eval(e.getValue(), path.key(e.getKey()), mode);
            if (v.isMissingNode()) {
                continue;
            }
            budget.put(e.getKey(), v, path.key(e.getKey()));
            out.set(e.getKey(), v);
            if (!resolved(v)) {
                unresolved.add(out);
            }
        }
        return out;
    }

    private static String invalidHere(String name) {
        return "The function \"" + name + "\" is invalid in this context";
    }

    private static String notInHearth(String name) {
        if (name.equals("yaql")) {
            return "yaql is not supported by Hearth; use other intrinsic functions";
        }
        if (name.equals("resource_facade")) {
            return "resource_facade is not supported by Hearth";
        }
        return name + " is not supported by Hearth; use the HOT intrinsic functions";
    }

    /** Whether the value has nothing left to evaluate at run time. */
    boolean resolved(JsonNode value) {
        return !unresolved.contains(value);
    }

    /** Whether a value as written is a function call (Heat's "isinstance(x, Function)"). */
    private boolean isCall(JsonNode node, Mode mode) {
        return node != null && node.isObject() && node.size() == 1
                && FunctionTable.kind(node.fieldNames().next(), version, mode) != Kind.DATA;
    }

    /** The call kept as an expression node, its arguments evaluated as far as they go. */
    private JsonNode pending(String fn, JsonNode args) {
        ObjectNode node = NODES.objectNode();
        node.set(fn, args);
        unresolved.add(node);
        return node;
    }

    private JsonNode args(JsonNode raw, Path at, Mode mode) {
        JsonNode v = eval(raw, at, mode);
        return v.isMissingNode() ? NullNode.getInstance() : v;
    }

    private static JsonNode item(JsonNode list, int i) {
        JsonNode v = list.get(i);
        return v == null ? NullNode.getInstance() : v;
    }

    private static JsonNode field(JsonNode map, String key) {
        JsonNode v = map.get(key);
        return v == null ? NullNode.getInstance() : v;
    }

    private static Problem problem(String message) {
        return new Problem(message);
    }

    private JsonNode call(String fn, JsonNode raw, Path at, Mode mode) {
        return switch (fn) {
            case "get_param" -> getParam(raw, at, mode);
            case "get_resource" -> getResource(raw, at, mode);
            case "get_attr" -> getAttr(raw, at, mode);
            case "get_file" -> getFile(raw, at, mode);
            case "str_replace", "str_replace_strict", "str_replace_vstrict" -> strReplace(fn, raw, at, mode);
            case "list_join" -> listJoin(raw, at, mode);
            case "str_split" -> strSplit(raw, at, mode);
            case "digest" -> digest(raw, at, mode);
            case "repeat" -> repeat(raw, at, mode);
            case "map_merge" -> mapMerge(raw, at, mode);
            case "map_replace" -> mapReplace(raw, at, mode);
            case "list_concat", "list_concat_unique" -> listConcat(fn, raw, at, mode);
            case "contains" -> contains(raw, at, mode);
            case "filter" -> filter(raw, at, mode);
            case "make_url" -> makeUrl(raw, at, mode);
            case "if" -> ifFunction(raw, at, mode);
            case "equals" -> equalsFunction(raw, at, mode);
            case "not" -> notFunction(raw, at, mode);
            case "and", "or" -> andOr(fn, raw, at, mode);
            default -> throw new IllegalStateException("no implementation of " + fn);
        };
    }

    // ---------------------------------------------------------------- get_*

    private JsonNode getParam(JsonNode raw, Path at, Mode mode) {
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("get_param", args);
        }
        if (!Py.truthy(args)) {
            throw problem("Function \"get_param\" must have arguments");
        }
        JsonNode name;
        List<JsonNode> path = new ArrayList<>();
        if (args.isTextual()) {
            name = args;
        } else if (args.isArray()) {
            name = args.get(0);
            for (int i = 1; i < args.size(); i++) {
                path.add(args.get(i));
            }
        } else {
            throw problem("Argument to \"get_param\" must be string or list");
        }
        if (!name.isTextual()) {
            throw problem("Parameter name in \"get_param\" must be string");
        }
        JsonNode value = ctx.parameter(name.textValue());
        if (value == null) {
            throw problem("The Parameter (" + name.textValue() + ") was not provided.");
        }
        for (JsonNode key : path) {
            value = AttributePath.step(value, key, true);
            if (value == null) {
                return TextNode.valueOf("");
            }
        }
        budget.reserve(budget.inputSize(value));
        return value.deepCopy();
    }

    private JsonNode getResource(JsonNode raw, Path at, Mode mode) {
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("get_resource", args);
        }
        String name = resourceName(args, at);
        return ctx.resolver().resource(name).map(v -> (JsonNode) v.deepCopy())
                .orElseGet(() -> pending("get_resource", args));
    }

    private JsonNode getAttr(JsonNode raw, Path at, Mode mode) {
        boolean allAttributesForm = version.atLeast(V2015_10_15);
        boolean call = isCall(raw, mode);
        if (!allAttributesForm) {
            if (!raw.isArray()) {
                throw problem("Argument to \"get_attr\" must be a list");
            }
            if (raw.size() < 2) {
                throw problem("Arguments to \"get_attr\" must be of the form [resource_name, attribute, (path), ...]");
            }
        } else {
            if (!call && !Py.truthy(raw)) {
                throw problem("Arguments to \"get_attr\" can be of the next forms: [resource_name] or "
                        + "[resource_name, attribute, (path), ...]");
            }
            if (call || !(raw.isArray() || raw.isTextual())
                    || (raw.isTextual() && Py.len(raw.textValue()) > 1)) {
                throw problem("Argument to \"get_attr\" must be a list");
            }
        }
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("get_attr", args);
        }
        JsonNode resource;
        JsonNode attribute = null;
        List<JsonNode> path = new ArrayList<>();
        if (args.isTextual()) {
            resource = args; // Heat reads a one-character string as [resource_name]
        } else {
            resource = item(args, 0);
            if (args.size() > 1 || !allAttributesForm) {
                attribute = item(args, 1);
                for (int i = 2; i < args.size(); i++) {
                    path.add(args.get(i));
                }
            }
        }
        String name = resourceName(resource, at);
        Optional<JsonNode> value;
        if (attribute == null) {
            value = ctx.resolver().attributes(name);
        } else {
            if (!attribute.isTextual()) {
                throw problem("The Referenced Attribute (" + name + " " + Py.str(attribute) + ") is incorrect.");
            }
            value = ctx.resolver().attribute(name, attribute.textValue(), List.copyOf(path));
        }
        return value.map(v -> {
            budget.reserve(budget.size(v));
            return (JsonNode) v.deepCopy();
        }).orElseGet(() -> pending("get_attr", args));
    }

    /** A referenced resource's name; refused as Heat refuses it when it is no resource of the template. */
    private String resourceName(JsonNode name, Path at) {
        boolean known = name.isTextual()
                && ctx.resourceNames().map(names -> names.contains(name.textValue())).orElse(true);
        if (!known) {
            throw problem("The specified reference \"" + Py.str(name) + "\" (in " + referenceKey(at)
                    + ") is incorrect.");
        }
        return name.textValue();
    }

    /** Heat's name for the place of a reference: {@code web.Properties} for a resource's properties. */
    private static String referenceKey(Path at) {
        List<Object> segments = at.segments();
        if (segments.size() >= 3 && "resources".equals(segments.get(0)) && segments.get(2) instanceof String s) {
            String section = switch (s) {
                case "properties" -> "Properties";
                case "metadata" -> "Metadata";
                case "update_policy" -> "UpdatePolicy";
                case "deletion_policy" -> "DeletionPolicy";
                default -> s;
            };
            return segments.get(1) + "." + section;
        }
        String full = at.toString();
        int dot = full.lastIndexOf('.');
        return dot > 0 ? full.substring(0, dot) : full;
    }

    private JsonNode getFile(JsonNode raw, Path at, Mode mode) {
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("get_file", args);
        }
        if (!args.isTextual()) {
            throw problem("Argument to \"get_file\" must be a string");
        }
        String content = ctx.files().get(args.textValue());
        if (content == null) {
            throw problem("No content found in the \"files\" section for get_file path: " + args.textValue());
        }
        budget.reserve(0, content.length(), true);
        return TextNode.valueOf(content);
    }

    // ---------------------------------------------------------------- strings

    private JsonNode strReplace(String fn, JsonNode raw, Path at, Mode mode) {
        if (!raw.isObject() || isCall(raw, mode)) {
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
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending(fn, args);
        }
        JsonNode template = field(args, "template");
        JsonNode mapping = field(args, "params");
        if (!template.isTextual()) {
            throw problem("\"" + fn + "\" template must be a string");
        }
        if (!mapping.isObject()) {
            throw problem("\"" + fn + "\" params must be a map");
        }
        boolean legacy = fn.equals("str_replace") && !version.atLeast(V2015_10_15);
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
        budget.reserve(0, length, true);
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

    private JsonNode listJoin(JsonNode raw, Path at, Mode mode) {
        boolean multiple = version.atLeast(V2015_10_15);
        String example = multiple ? "\"list_join\" : [ \" \", [ \"str1\", \"str2\"] ...]"
                : "\"list_join\" : [ \" \", [ \"str1\", \"str2\"]]";
        String incorrect = "Incorrect arguments to \"list_join\" should be: " + example;
        if (!raw.isArray() || (multiple ? raw.size() < 2 : raw.size() != 2)) {
            throw problem(incorrect);
        }
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("list_join", args);
        }
        List<JsonNode> strings = new ArrayList<>();
        if (multiple) {
            for (int i = 1; i < args.size(); i++) {
                JsonNode list = args.get(i);
                if (Py.truthy(list)) {
                    if (!list.isArray()) {
                        throw problem("\"list_join\" must operate on a list");
                    }
                    list.forEach(strings::add);
                }
            }
        } else {
            JsonNode list = item(args, 1);
            if (!list.isNull()) {
                if (!list.isArray()) {
                    throw problem("\"list_join\" must operate on a list");
                }
                list.forEach(strings::add);
            }
        }
        JsonNode delim = item(args, 0);
        if (!delim.isTextual()) {
            throw problem("\"list_join\" delimiter must be a string");
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
        budget.reserve(0, length, true);
        StringBuilder out = new StringBuilder(capacity(length));
        for (int i = 0; i < pieces.size(); i++) {
            if (i > 0) {
                out.append(delim.textValue());
            }
            out.append(pieces.get(i));
        }
        return TextNode.valueOf(out.toString());
    }

    /** A builder's initial capacity for a string of that length (one that was reserved). */
    private static int capacity(long length) {
        return (int) Math.min(length, Integer.MAX_VALUE - 8);
    }

    private JsonNode strSplit(JsonNode raw, Path at, Mode mode) {
        String example = "\"str_split\" : [ \",\", \"apples,pears\", <index>]";
        String incorrect = "Incorrect arguments to \"str_split\" should be: " + example;
        if (raw.isTextual() || (raw.isObject() && !isCall(raw, mode))) {
            throw problem(incorrect);
        }
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("str_split", args);
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
        budget.reserve(count, 0, true);
        ArrayNode out = NODES.arrayNode(count);
        Py.split(subject.textValue(), separator).forEach(out::add);
        return out;
    }

    private static final Map<String, String> DIGESTS = Map.of(
            "md5", "MD5", "sha1", "SHA-1", "sha224", "SHA-224",
            "sha256", "SHA-256", "sha384", "SHA-384", "sha512", "SHA-512");

    private JsonNode digest(JsonNode raw, Path at, Mode mode) {
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("digest", args);
        }
        boolean strings = args.isArray();
        for (JsonNode a : args.isArray() ? args : NODES.arrayNode()) {
            strings &= a.isTextual();
        }
        if (!strings) {
            throw problem("Argument to function \"digest\" must be a list of strings");
        }
        if (args.size() != 2) {
            throw problem("Function \"digest\" usage: [\"<algorithm>\", \"<value>\"]");
        }
        String algorithm = DIGESTS.get(args.get(0).textValue().toLowerCase(Locale.ROOT));
        if (algorithm == null) {
            throw problem("Algorithm must be one of {'md5', 'sha1', 'sha224', 'sha256', 'sha384', 'sha512'}");
        }
        String value = args.get(1).textValue();
        int position = 0;
        for (int i = 0; i < value.length(); position++) {
            int cp = value.codePointAt(i);
            if (cp > 0xff) {
                String shown = cp <= 0xffff ? String.format("\\u%04x", cp) : String.format("\\U%08x", cp);
                throw problem("'latin-1' codec can't encode character '" + shown + "' in position " + position
                        + ": ordinal not in range(256)");
            }
            i += Character.charCount(cp);
        }
        try {
            byte[] hash = MessageDigest.getInstance(algorithm).digest(value.getBytes(StandardCharsets.ISO_8859_1));
            return TextNode.valueOf(HexFormat.of().formatHex(hash));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + algorithm, e);
        }
    }

    // ---------------------------------------------------------------- repeat and collections

    private JsonNode repeat(JsonNode raw, Path at, Mode mode) {
        if (!raw.isObject() || isCall(raw, mode)) {
            throw problem("Arguments to \"repeat\" must be a map");
        }
        if (!raw.has("for_each") || !raw.has("template")) {
            throw problem(Py.reprString("\"repeat\" syntax should be repeat:\n              template: This is %var%\n"
                    + "              for_each:\n                %var%: ['a', 'b', 'c']"));
        }
        boolean nested = true;
        if (version.atLeast(V2017_09_01) && raw.has("permutations")) {
            if (!raw.get("permutations").isBoolean()) {
                throw problem("\"permutations\" should be boolean type for repeat function.");
            }
            nested = raw.get("permutations").booleanValue();
        }
        String forEachMap = "The \"for_each\" argument to \"repeat\" must contain a map";
        if (!raw.get("for_each").isObject()) {
            throw problem(forEachMap);
        }
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("repeat", args);
        }
        JsonNode forEach = field(args, "for_each");
        if (!forEach.isObject()) {
            throw problem(forEachMap);
        }
        if (forEach.size() == 0) {
            throw problem("not enough values to unpack (expected 2, got 0)");
        }
        boolean maps = version.atLeast(V2016_10_14) && nested;
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
        long items = EvaluatedSize.times(count, EvaluatedSize.add(1, budget.size(template).items()));
        budget.reserve(items, 0, true);
        ArrayNode out = NODES.arrayNode(capacity(count));
        long[] chars = {0};
        for (List<JsonNode> combination : nested ? product(values) : zip(values)) {
            out.add(substitute(keys, combination, template, items, chars));
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
    private JsonNode substitute(List<String> keys, List<JsonNode> values, JsonNode template, long items,
            long[] chars) {
        if (template.isTextual()) {
            String s = template.textValue();
            for (int i = 0; i < keys.size(); i++) {
                JsonNode value = values.get(i);
                if (!value.isTextual()) {
                    throw problem("replace() argument 2 must be str, not " + Py.typeName(value));
                }
                budget.reserve(items, EvaluatedSize.add(chars[0], replacedLength(s, keys.get(i),
                        value.textValue())), false);
                s = Py.replace(s, keys.get(i), value.textValue());
            }
            chars[0] = EvaluatedSize.add(chars[0], s.length());
            return TextNode.valueOf(s);
        }
        if (template.isArray()) {
            ArrayNode out = NODES.arrayNode(template.size());
            template.forEach(t -> out.add(substitute(keys, values, t, items, chars)));
            return out;
        }
        if (template.isObject()) {
            ObjectNode out = NODES.objectNode();
            for (Iterator<Map.Entry<String, JsonNode>> it = template.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode key = substitute(keys, values, TextNode.valueOf(e.getKey()), items, chars);
                out.set(key.textValue(), substitute(keys, values, e.getValue(), items, chars));
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

    private JsonNode mapMerge(JsonNode raw, Path at, Mode mode) {
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("map_merge", args);
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

    private JsonNode mapReplace(JsonNode raw, Path at, Mode mode) {
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("map_replace", args);
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

    private JsonNode listConcat(String fn, JsonNode raw, Path at, Mode mode) {
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending(fn, args);
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

    private JsonNode contains(JsonNode raw, Path at, Mode mode) {
        if (!Py.truthy(raw) || !raw.isArray()) {
            throw problem("Incorrect arguments to \"contains\" should be: "
                    + "\"contains\" : [ \"value1\", [ \"value1\", \"value2\"]]");
        }
        if (raw.size() != 2) {
            throw problem("Arguments to \"contains\" must be of the form: [value1, [value1, value2]]");
        }
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("contains", args);
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

    private JsonNode filter(JsonNode raw, Path at, Mode mode) {
        if (!raw.isArray()) {
            throw problem("Argument to \"filter\" must be a list");
        }
        if (raw.size() != 2) {
            throw problem("\"filter\" expected 2 arguments of the form [values, sequence] but got " + raw.size()
                    + " arguments instead");
        }
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("filter", args);
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

    // ---------------------------------------------------------------- make_url

    private static final List<String> URL_KEYS =
            List.of("scheme", "username", "password", "host", "port", "path", "query", "fragment");

    private static final Set<String> USES_NETLOC = Set.of("", "ftp", "http", "gopher", "nntp", "telnet", "imap",
            "wais", "file", "mms", "https", "shttp", "snews", "prospero", "rtsp", "rtspu", "rsync", "svn",
            "svn+ssh", "sftp", "nfs", "git", "git+ssh", "ws", "wss");

    private JsonNode makeUrl(JsonNode raw, Path at, Mode mode) {
        if (!raw.isObject() || isCall(raw, mode)) {
            throw problem("The arguments to \"make_url\" must be a map");
        }
        Set<String> invalid = new TreeSet<>();
        raw.fieldNames().forEachRemaining(invalid::add);
        invalid.removeAll(URL_KEYS);
        if (!invalid.isEmpty()) {
            throw problem("Invalid arguments to \"make_url\": " + String.join(", ", invalid));
        }
        checkUrlArgs(raw, mode);
        JsonNode args = args(raw, at, mode);
        if (!resolved(args)) {
            return pending("make_url", args);
        }
        checkUrlArgs(args, mode);

        String scheme = urlText(args, "scheme");
        if (scheme.contains(":")) {
            throw problem("URL \"scheme\" should not contain ':'");
        }
        StringBuilder netloc = new StringBuilder();
        String username = Py.quote(urlText(args, "username"), "");
        String password = Py.quote(urlText(args, "password"), "");
        if (!username.isEmpty() || !password.isEmpty()) {
            netloc.append(username);
            if (!password.isEmpty()) {
                netloc.append(':').append(password);
            }
            netloc.append('@');
        }
        String host = urlText(args, "host");
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        host = Py.quote(host, ":");
        netloc.append(host.contains(":") ? "[" + host + "]" : host);
        JsonNode port = args.get("port");
        if (Py.truthy(port)) {
            netloc.append(':').append(Py.str(port));
        }
        String path = Py.quote(urlText(args, "path"), "/");
        StringBuilder query = new StringBuilder();
        JsonNode queryMap = args.get("query");
        if (queryMap != null) {
            for (Iterator<Map.Entry<String, JsonNode>> it = queryMap.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (query.length() > 0) {
                    query.append('&');
                }
                query.append(Py.quotePlus(e.getKey())).append('=').append(Py.quotePlus(Py.str(e.getValue())));
            }
        }
        String fragment = Py.quote(urlText(args, "fragment"), "/");
        return TextNode.valueOf(urlunsplit(scheme, netloc.toString(), path,
                query.toString().replace("%2F", "/"), fragment));
    }

    /** MakeURL._check_args, including its early return after "query". */
    private void checkUrlArgs(JsonNode args, Mode mode) {
        for (String arg : URL_KEYS) {
            if (!args.has(arg)) {
                continue;
            }
            JsonNode v = args.get(arg);
            if (arg.equals("query")) {
                if (!isCall(v, mode) && !v.isObject()) {
                    throw problem("The \"query\" argument to \"make_url\" must be a map");
                }
                return;
            }
            if (arg.equals("port")) {
                if (isCall(v, mode)) {
                    continue;
                }
                BigInteger port;
                try {
                    port = Py.toInt(v); // Python's int(port)
                } catch (PyError e) {
                    throw problem("Invalid URL port \"" + Py.str(v) + "\" for make_url called with " + Py.str(args));
                }
                if (port.signum() <= 0 || port.compareTo(BigInteger.valueOf(65535)) > 0) {
                    throw problem("Invalid URL port " + port + ", must be in range 1-65535");
                }
            } else if (!isCall(v, mode) && !v.isTextual()) {
                throw problem("The \"" + arg + "\" argument to \"make_url\" must be a string");
            }
        }
    }

    private static String urlText(JsonNode args, String key) {
        JsonNode v = args.get(key);
        if (v == null) {
            return "";
        }
        if (!v.isTextual()) {
            throw problem("quote() doesn't support '" + Py.typeName(v) + "' objects");
        }
        return v.textValue();
    }

    /** urllib.parse.urlunsplit, in the form Heat's make_url tests expect ({@code file:///foo/bar}). */
    private static String urlunsplit(String scheme, String netloc, String path, String query, String fragment) {
        String url = path;
        if (!netloc.isEmpty() || (!scheme.isEmpty() && USES_NETLOC.contains(scheme) && !url.startsWith("//"))) {
            if (!url.isEmpty() && !url.startsWith("/")) {
                url = "/" + url;
            }
            url = "//" + netloc + url;
        }
        if (!scheme.isEmpty()) {
            url = scheme + ":" + url;
        }
        if (!query.isEmpty()) {
            url = url + "?" + query;
        }
        if (!fragment.isEmpty()) {
            url = url + "#" + fragment;
        }
        return url;
    }

    // ---------------------------------------------------------------- conditions

    private JsonNode ifFunction(JsonNode raw, Path at, Mode mode) {
        if (located && !ifAllowedAt(at)) {
            throw problem(invalidHere("if"));
        }
        boolean nullable = version.atLeast(V2021_04_16);
        boolean shape = raw.isArray() && (raw.size() == 3 || (nullable && raw.size() == 2));
        if (!shape) {
            throw problem("Arguments to \"if\" must be of the form: [condition_name, value_if_true, value_if_false]");
        }
        JsonNode condition = args(raw.get(0), at, Mode.CONDITION);
        boolean enabled = condition.isBoolean() ? condition.booleanValue() : isEnabled(condition);
        if (enabled) {
            return eval(raw.get(1), at, mode);
        }
        return raw.size() == 3 ? eval(raw.get(2), at, mode) : ABSENT;
    }

    /** Heat allows {@code if} in resource properties and in outputs. */
    private static boolean ifAllowedAt(Path at) {
        List<Object> s = at.segments();
        if (!s.isEmpty() && "outputs".equals(s.get(0))) {
            return true;
        }
        return s.size() >= 3 && "resources".equals(s.get(0)) && "properties".equals(s.get(2));
    }

    private JsonNode equalsFunction(JsonNode raw, Path at, Mode mode) {
        if (!Py.truthy(raw) || !raw.isArray() || raw.size() != 2) {
            throw problem("Arguments to \"equals\" must be of the form: [value_1, value_2]");
        }
        JsonNode args = args(raw, at, mode);
        return BooleanNode.valueOf(Py.eq(item(args, 0), item(args, 1)));
    }

    private JsonNode notFunction(JsonNode raw, Path at, Mode mode) {
        if (raw.isNull()) {
            throw problem("Argument to \"not\" must be a condition");
        }
        return BooleanNode.valueOf(!condition(args(raw, at, mode)));
    }

    private JsonNode andOr(String fn, JsonNode raw, Path at, Mode mode) {
        if (!raw.isArray()) {
            throw problem("Arguments to \"" + fn + "\" must be a list of conditions");
        }
        if (raw.size() < 2) {
            throw problem("The minimum number of condition arguments to \"" + fn + "\" is 2.");
        }
        JsonNode args = args(raw, at, mode);
        boolean and = fn.equals("and");
        for (JsonNode c : args) {
            if (condition(c) != and) {
                return BooleanNode.valueOf(!and);
            }
        }
        return BooleanNode.valueOf(and);
    }

    /** ConditionBoolean._get_condition: a boolean, or the name of a condition. */
    private boolean condition(JsonNode value) {
        return value.isBoolean() ? value.booleanValue() : isEnabled(value);
    }

    /** Conditions.is_enabled: None is true, a name is its definition's result. */
    boolean isEnabled(JsonNode condition) {
        if (condition.isNull() || condition.isMissingNode()) {
            return true;
        }
        if (condition.isBoolean()) {
            return condition.booleanValue();
        }
        if (!condition.isTextual() || !ctx.conditions().containsKey(condition.textValue())) {
            throw problem("Invalid condition \"" + Py.str(condition) + "\"");
        }
        return namedCondition(condition.textValue());
    }

    private boolean namedCondition(String name) {
        Boolean known = conditionResults.get(name);
        if (known != null) {
            return known;
        }
        Path path = Path.of("conditions", name);
        if (!conditionsInProgress.add(name)) {
            throw new ExpressionException(path.toString(),
                    "Condition validation error: Circular definition for condition \"" + name + "\"");
        }
        JsonNode result = args(ctx.conditions().get(name), path, Mode.CONDITION);
        conditionsInProgress.remove(name);
        if (!result.isBoolean()) {
            throw new ExpressionException(path.toString(), "Condition validation error: The definition of condition \""
                    + name + "\" is invalid: " + Py.str(result));
        }
        conditionResults.put(name, result.booleanValue());
        return result.booleanValue();
    }

    /** A condition as a resource or output names it: a name, a boolean or a condition function. */
    boolean evaluateCondition(JsonNode condition, Path path) {
        JsonNode value = args(condition, path, Mode.CONDITION);
        try {
            return condition(value);
        } catch (Problem p) {
            throw new ExpressionException(path.toString(), p.getMessage());
        }
    }

    /** Names that, as the only key of a map, make it a call that may be left for run time. */
    static final Set<String> FUNCTION_NAMES = Collections.unmodifiableSet(
            new LinkedHashSet<>(FunctionTable.TEMPLATE_SINCE.keySet()));
}
