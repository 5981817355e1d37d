package io.hearth.hot.read;

import io.hearth.hot.py.Py;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.read.ReadState.KeyTracker;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Turns a composed SnakeYAML node graph into a {@link JsonNode} and a {@link SourceMap}, the way
 * Heat's loader (PyYAML's {@code SafeLoader}, with timestamps kept as strings) turns YAML into
 * Python values:
 * <ul>
 * <li>plain scalars typed by {@link HeatYamlResolver}; {@code 0755} is octal, {@code 1_000} an
 *     integer, {@code 1:30} sexagesimal, as in PyYAML</li>
 * <li>timestamps ({@code 2018-08-31}) stay the string written</li>
 * <li>merge keys ({@code <<: *base}) are applied as PyYAML applies them</li>
 * <li>duplicate keys: the last one wins (a warning is recorded)</li>
 * <li>keys that are not strings become what {@code json.dumps} makes of them: {@code 1} for
 *     {@code 0x1}, {@code true} for {@code yes}, {@code null} for {@code ~}</li>
 * </ul>
 * Tags Heat's loader has no constructor for ({@code !foo}, {@code !!python/...}) are problems,
 * as are those it would construct into values no template can hold ({@code !!binary},
 * {@code !!set}, {@code !!omap}, {@code !!pairs}). Aliases are expanded; the expansion is held to
 * the depth, value and character limits, and a node that contains itself is refused.
 */
final class NodeConverter {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    /** Python 3 refuses to convert integers longer than this from text (sys.int_info). */
    private static final int MAX_INT_DIGITS = 4300;
    private static final Pattern PY_FLOAT_TEXT = Pattern.compile(
            "(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:e[-+]?[0-9]+)?|inf|infinity|nan");
    private static final Map<String, Boolean> PY_BOOLS = Map.of("yes", true, "no", false, "true", true,
            "false", false, "on", true, "off", false);

    private final ReadState state;
    /** The source record made for each composed node, shared by every alias of it. */
    private final Map<Node, SourceMap.Node> sources = new IdentityHashMap<>();
    /** Collections being converted right now; meeting one again means it contains itself. */
    private final Map<Node, Boolean> open = new IdentityHashMap<>();

    NodeConverter(ReadState state) {
        this.state = state;
    }

    /** The source record of a node already converted. */
    SourceMap.Node source(Node node) {
        return sources.get(node);
    }

    JsonNode convert(Node node, int depth) {
        Mark mark = node.getStartMark();
        int line = mark.getLine() + 1;
        int column = mark.getColumn() + 1;
        state.checkDepth(depth, line, column);
        if (node instanceof ScalarNode scalar) {
            state.spend(scalar.getValue().length(), line, column);
            if (!sources.containsKey(node)) {
                sources.put(node, new SourceMap.Node(line, column));
            }
            return scalar(scalar, line, column);
        }
        state.spend(0, line, column);
        if (open.containsKey(node)) {
            SourceLocation where = state.at(line, column);
            throw state.abort(state.kind.noun(state.document) + " refers to itself: the alias"
                    + anchorName(node) + " is used inside the value it names" + ReadState.near(where), where);
        }
        open.put(node, Boolean.TRUE);
        try {
            if (node instanceof SequenceNode sequence) {
                return sequence(sequence, depth, line, column);
            }
            return mapping((MappingNode) node, depth, line, column);
        } finally {
            open.remove(node);
        }
    }

    private JsonNode sequence(SequenceNode node, int depth, int line, int column) {
        Tag tag = node.getTag();
        if (!Tag.SEQ.equals(tag)) {
            unsupportedCollectionTag(tag, "sequence", state.at(line, column));
        }
        SourceMap.Node source = sources.get(node);
        boolean first = source == null;
        if (first) {
            source = SourceMap.Node.sequence(line, column);
            sources.put(node, source);
        }
        ArrayNode out = JSON.arrayNode(node.getValue().size());
        int index = 0;
        for (Node item : node.getValue()) {
            state.enter(index++);
            try {
                out.add(convert(item, depth + 1));
            } finally {
                state.leave();
            }
            if (first) {
                source.items.add(sources.get(item));
            }
        }
        return out;
    }

    private JsonNode mapping(MappingNode node, int depth, int line, int column) {
        Tag tag = node.getTag();
        if (!Tag.MAP.equals(tag)) {
            unsupportedCollectionTag(tag, "mapping", state.at(line, column));
        }
        SourceMap.Node source = sources.get(node);
        boolean first = source == null;
        if (first) {
            source = SourceMap.Node.mapping(line, column);
            sources.put(node, source);
        }
        List<Item> items = hasMergeKey(node) ? flatten(node, Collections.newSetFromMap(new IdentityHashMap<>()))
                : ownItems(node);
        ObjectNode out = JSON.objectNode();
        KeyTracker own = first ? new KeyTracker() : null;
        for (Item item : items) {
            Node keyNode = item.key;
            Mark keyMark = keyNode.getStartMark();
            int keyLine = keyMark.getLine() + 1;
            int keyColumn = keyMark.getColumn() + 1;
            state.checkDepth(depth + 1, keyLine, keyColumn);
            String key = key(keyNode, keyLine, keyColumn);
            if (key == null) {
                continue;
            }
            state.spend(key.length(), keyLine, keyColumn);
            state.enter(key);
            try {
                if (own != null && !item.merged) {
                    SourceLocation keyAt = state.at(keyLine, keyColumn);
                    SourceLocation before = own.firstSeen(key, keyAt);
                    if (before != null) {
                        state.duplicate(key, before, keyAt);
                    }
                }
                out.set(key, convert(item.value, depth + 1));
            } finally {
                state.leave();
            }
            if (first) {
                source.put(key, keyLine, keyColumn, sources.get(item.value));
            }
        }
        return out;
    }

    private static boolean hasMergeKey(MappingNode node) {
        for (NodeTuple tuple : node.getValue()) {
            if (Tag.MERGE.equals(tuple.getKeyNode().getTag()) && tuple.getKeyNode() instanceof ScalarNode) {
                return true;
            }
        }
        return false;
    }

    private static List<Item> ownItems(MappingNode node) {
        List<Item> items = new ArrayList<>(node.getValue().size());
        for (NodeTuple tuple : node.getValue()) {
            items.add(new Item(tuple.getKeyNode(), tuple.getValueNode(), false));
        }
        return items;
    }

    /**
     * The mapping's entries with merge keys applied as PyYAML's {@code flatten_mapping} does:
     * merged entries first (of a list of mappings, the earlier mapping wins), then the mapping's
     * own, so that its own keys win.
     */
    private List<Item> flatten(MappingNode node, Set<Node> flattening) {
        if (!flattening.add(node)) {
            SourceLocation where = at(node.getStartMark());
            throw state.abort(state.kind.noun(state.document) + " merges a mapping into itself (<<)"
                    + ReadState.near(where), where);
        }
        List<Item> merged = new ArrayList<>();
        List<Item> own = new ArrayList<>(node.getValue().size());
        for (NodeTuple tuple : node.getValue()) {
            Node key = tuple.getKeyNode();
            Node value = tuple.getValueNode();
            if (!(key instanceof ScalarNode) || !Tag.MERGE.equals(key.getTag())) {
                own.add(new Item(key, value, false));
                continue;
            }
            SourceLocation where = at(value.getStartMark());
            if (value instanceof MappingNode mapping) {
                addMerged(merged, flatten(mapping, flattening), where);
            } else if (value instanceof SequenceNode sequence) {
                List<List<Item>> each = new ArrayList<>();
                for (Node part : sequence.getValue()) {
                    if (part instanceof MappingNode mapping) {
                        each.add(flatten(mapping, flattening));
                    } else {
                        state.problem("expected a mapping for merging (<<), but found a " + kindOf(part),
                                at(part.getStartMark()));
                    }
                }
                Collections.reverse(each);
                for (List<Item> part : each) {
                    addMerged(merged, part, where);
                }
            } else {
                state.problem("expected a mapping or list of mappings for merging (<<), but found a scalar", where);
            }
        }
        flattening.remove(node);
        if (merged.isEmpty()) {
            return own;
        }
        merged.addAll(own);
        return merged;
    }

    private void addMerged(List<Item> merged, List<Item> items, SourceLocation where) {
        if ((long) merged.size() + items.size() > state.options.maxNodes()) {
            throw state.abort(state.kind.noun(state.document) + " expands to more than " + state.options.maxNodes()
                    + " values; merges (<<) and aliases (*name) may be multiplying it" + ReadState.near(where), where);
        }
        for (Item item : items) {
            merged.add(new Item(item.key, item.value, true));
        }
    }

    /** A mapping key as a string, as {@code json.dumps} would write Heat's Python key. */
    private String key(Node keyNode, int line, int column) {
        if (!(keyNode instanceof ScalarNode scalar)) {
            state.problem("A mapping key must be a single value, not a " + kindOf(keyNode)
                    + " (found unhashable key)", state.at(line, column));
            return null;
        }
        if (HeatYamlResolver.VALUE.equals(scalar.getTag())) {
            return scalar.getValue(); // PyYAML turns the key '=' into a string
        }
        int before = state.problems.size();
        JsonNode value = scalar(scalar, line, column);
        if (state.problems.size() > before) {
            return null;
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isNull()) {
            return "null";
        }
        if (value.isBoolean()) {
            return value.booleanValue() ? "true" : "false";
        }
        if (value.isIntegralNumber()) {
            return value.bigIntegerValue().toString();
        }
        return pythonFloatRepr(value.doubleValue());
    }

    private JsonNode scalar(ScalarNode node, int line, int column) {
        Tag tag = node.getTag();
        String text = node.getValue();
        if (Tag.STR.equals(tag) || Tag.TIMESTAMP.equals(tag)) {
            return JSON.textNode(text);
        }
        if (Tag.NULL.equals(tag)) {
            return JSON.nullNode();
        }
        return typedScalar(tag, text, state.at(line, column));
    }

    private JsonNode typedScalar(Tag tag, String text, SourceLocation where) {
        if (Tag.BOOL.equals(tag)) {
            Boolean value = PY_BOOLS.get(text.toLowerCase(Locale.ROOT));
            if (value == null) {
                return bad("\"" + shorten(text) + "\" is not a boolean (!!bool takes yes, no, true, false, on, off)",
                        where);
            }
            return JSON.booleanNode(value);
        }
        if (Tag.INT.equals(tag)) {
            return integer(text, where);
        }
        if (Tag.FLOAT.equals(tag)) {
            return floating(text, where);
        }
        if (Tag.BINARY.equals(tag)) {
            return bad("!!binary values are not supported: Heat would load them as bytes, which no template "
                    + "property takes; write the text itself, or the base64 text as a plain string", where);
        }
        if (Tag.MERGE.equals(tag)) {
            return bad("A plain << can only be a mapping key (a merge); quote it to use it as a string", where);
        }
        if (HeatYamlResolver.VALUE.equals(tag)) {
            return bad("A plain = cannot be a value: Heat's YAML loader has no constructor for it "
                    + "(tag:yaml.org,2002:value); quote it: '='", where);
        }
        if (Tag.MAP.equals(tag) || Tag.SEQ.equals(tag) || Tag.SET.equals(tag) || Tag.OMAP.equals(tag)
                || Tag.PAIRS.equals(tag)) {
            return bad("expected a " + (Tag.SEQ.equals(tag) || Tag.OMAP.equals(tag) || Tag.PAIRS.equals(tag)
                    ? "sequence" : "mapping") + " for " + shortTag(tag) + ", but found a scalar", where);
        }
        return bad(unknownTag(tag), where);
    }

    private JsonNode integer(String text, SourceLocation where) {
        String value = text.replace("_", "").trim();
        BigInteger sign = BigInteger.ONE;
        if (value.startsWith("-")) {
            sign = BigInteger.ONE.negate();
        }
        if (value.startsWith("-") || value.startsWith("+")) {
            value = value.substring(1);
        }
        if (value.length() > MAX_INT_DIGITS) {
            return bad("The integer " + shorten(text) + " has more than " + MAX_INT_DIGITS + " digits", where);
        }
        try {
            BigInteger result;
            if (value.equals("0")) {
                result = BigInteger.ZERO;
            } else if (value.startsWith("0b")) {
                result = new BigInteger(value.substring(2), 2);
            } else if (value.startsWith("0x")) {
                result = new BigInteger(value.substring(2), 16);
            } else if (value.startsWith("0")) {
                result = new BigInteger(value, 8);
            } else if (value.contains(":")) {
                result = BigInteger.ZERO;
                for (String part : value.split(":", -1)) {
                    result = result.multiply(BigInteger.valueOf(60)).add(new BigInteger(part));
                }
            } else {
                result = new BigInteger(value);
            }
            return number(result.multiply(sign));
        } catch (NumberFormatException e) {
            return bad("\"" + shorten(text) + "\" is not an integer", where);
        }
    }

    private static JsonNode number(BigInteger value) {
        if (value.bitLength() < 32) {
            return JSON.numberNode(value.intValue());
        }
        if (value.bitLength() < 64) {
            return JSON.numberNode(value.longValue());
        }
        return JSON.numberNode(value);
    }

    private JsonNode floating(String text, SourceLocation where) {
        String value = text.replace("_", "").toLowerCase(Locale.ROOT).trim();
        double sign = 1;
        if (value.startsWith("-")) {
            sign = -1;
        }
        if (value.startsWith("-") || value.startsWith("+")) {
            value = value.substring(1);
        }
        if (value.equals(".inf")) {
            return JSON.numberNode(sign * Double.POSITIVE_INFINITY);
        }
        if (value.equals(".nan")) {
            return JSON.numberNode(Double.NaN);
        }
        if (value.contains(":")) {
            double result = 0;
            for (String part : value.split(":", -1)) {
                Double digit = pythonFloat(part);
                if (digit == null) {
                    return bad("\"" + shorten(text) + "\" is not a number", where);
                }
                result = result * 60 + digit;
            }
            return JSON.numberNode(sign * result);
        }
        Double result = pythonFloat(value);
        return result == null ? bad("\"" + shorten(text) + "\" is not a number", where)
                : JSON.numberNode(sign * result);
    }

    /** Python's {@code float(text)} for lower-case text without a sign, or {@code null}. */
    private static Double pythonFloat(String text) {
        if (!PY_FLOAT_TEXT.matcher(text).matches()) {
            return null;
        }
        return switch (text) {
            case "inf", "infinity" -> Double.POSITIVE_INFINITY;
            case "nan" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }

    /** Python's {@code json.dumps} of a float, as Heat writes a float key: repr, with NaN and infinities named. */
    static String pythonFloatRepr(double value) {
        if (Double.isNaN(value)) {
            return "NaN";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "Infinity" : "-Infinity";
        }
        return Py.floatRepr(value);
    }

    private void unsupportedCollectionTag(Tag tag, String kind, SourceLocation where) {
        String message;
        if (Tag.SET.equals(tag) || Tag.OMAP.equals(tag) || Tag.PAIRS.equals(tag)) {
            message = shortTag(tag) + " is not supported: Heat would load it as a Python "
                    + (Tag.SET.equals(tag) ? "set" : "list of pairs") + ", which a template cannot hold; write a plain "
                    + kind;
        } else if (Tag.MAP.equals(tag) || Tag.SEQ.equals(tag) || isStandardScalarTag(tag)) {
            message = "expected a " + (Tag.SEQ.equals(tag) ? "sequence" : Tag.MAP.equals(tag) ? "mapping" : "scalar")
                    + " for " + shortTag(tag) + ", but found a " + kind;
        } else {
            message = unknownTag(tag);
        }
        state.problem(message, where);
    }

    private static boolean isStandardScalarTag(Tag tag) {
        return Tag.STR.equals(tag) || Tag.INT.equals(tag) || Tag.FLOAT.equals(tag) || Tag.BOOL.equals(tag)
                || Tag.NULL.equals(tag) || Tag.TIMESTAMP.equals(tag) || Tag.BINARY.equals(tag);
    }

    private static String unknownTag(Tag tag) {
        return "could not determine a constructor for the tag " + shortTag(tag)
                + "; Heat templates take plain YAML values only";
    }

    private JsonNode bad(String message, SourceLocation where) {
        state.problem(message, where);
        return JSON.nullNode();
    }

    /** {@code !!int} for a standard tag, the tag as written otherwise. */
    private static String shortTag(Tag tag) {
        String value = tag.getValue();
        return value.startsWith(Tag.PREFIX) ? "!!" + value.substring(Tag.PREFIX.length()) : value;
    }

    private static String anchorName(Node node) {
        return node.getAnchor() == null ? "" : " *" + node.getAnchor();
    }

    private static String kindOf(Node node) {
        return switch (node.getNodeId()) {
            case scalar -> "scalar";
            case sequence -> "sequence";
            default -> "mapping";
        };
    }

    private static String shorten(String text) {
        return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }

    private SourceLocation at(Mark mark) {
        return state.at(mark.getLine() + 1, mark.getColumn() + 1);
    }

    private record Item(Node key, Node value, boolean merged) {
    }
}
