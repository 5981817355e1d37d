package io.hearth.hot.py;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Python's {@code json} module as Heat uses it.
 *
 * <ul>
 *   <li>{@link #dumps}: {@code json.dumps(value)} with its defaults ({@code ", "} and {@code ": "},
 *       ASCII only, floats as {@code repr}, {@code NaN}/{@code Infinity}), keys sorted on request
 *       ({@code sort_keys=True}, as Heat's {@code str_replace} and {@code list_join} write maps).</li>
 *   <li>{@link #loads}: {@code json.loads} (CPython's C scanner, Python 3.12 and before), so that a
 *       {@code json} parameter given as text is accepted and refused exactly as Heat does, and a refusal
 *       carries Python's words, e.g. {@code Expecting value: line 1 column 1 (char 0)}. Python also reads
 *       {@code NaN}, {@code Infinity} and {@code -Infinity}; so does this.</li>
 * </ul>
 */
public final class PyJson {

    // ------------------------------------------------------------------ json.dumps

    /**
     * Python's {@code json.dumps(value)}, or {@code json.dumps(value, sort_keys=True)}: Python's default
     * separators, {@code ensure_ascii} (every character outside printable ASCII escaped, as a surrogate pair beyond the BMP), floats as
     * {@link Py#floatRepr}, {@code NaN}, {@code Infinity} and {@code -Infinity} as Python writes them.
     */
    public static String dumps(JsonNode value, boolean sortKeys) {
        StringBuilder out = new StringBuilder();
        dump(value, sortKeys, out);
        return out.toString();
    }

    private static void dump(JsonNode v, boolean sortKeys, StringBuilder out) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            out.append("null");
        } else if (v.isBoolean()) {
            out.append(v.booleanValue());
        } else if (v.isIntegralNumber()) {
            out.append(v.bigIntegerValue());
        } else if (v.isNumber()) {
            double d = v.doubleValue();
            out.append(Double.isNaN(d) ? "NaN" : Double.isInfinite(d) ? (d > 0 ? "Infinity" : "-Infinity")
                    : Py.floatRepr(d));
        } else if (v.isTextual()) {
            dumpString(v.textValue(), out);
        } else if (v.isArray()) {
            out.append('[');
            for (int i = 0; i < v.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                dump(v.get(i), sortKeys, out);
            }
            out.append(']');
        } else if (v.isObject()) {
            List<String> keys = new ArrayList<>();
            v.fieldNames().forEachRemaining(keys::add);
            if (sortKeys) {
                keys.sort(Py::compareCodePoints);
            }
            out.append('{');
            for (int i = 0; i < keys.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                dumpString(keys.get(i), out);
                out.append(": ");
                dump(v.get(keys.get(i)), sortKeys, out);
            }
            out.append('}');
        } else {
            dumpString(v.asText(), out);
        }
    }

    private static void dumpString(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '\b' -> out.append("\\b");
                case '\f' -> out.append("\\f");
                default -> {
                    if (c < 0x20 || c > 0x7e) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    // ------------------------------------------------------------------ json.loads

    private final int[] cps;
    private int end;

    private PyJson(String s) {
        this.cps = s.codePoints().toArray();
    }

    /** Python's StopIteration from the scanner; becomes "Expecting value" at its position. */
    private static final class Stop extends RuntimeException {
        final int pos;

        Stop(int pos) {
            super(null, null, false, false);
            this.pos = pos;
        }
    }

    /**
     * Reads JSON text.
     *
     * @throws PyError ValueError with Python's JSONDecodeError message
     */
    public static JsonNode loads(String s) {
        PyJson p = new PyJson(s);
        if (p.cps.length > 0 && p.cps[0] == 0xFEFF) {
            throw p.error("Unexpected UTF-8 BOM (decode using utf-8-sig)", 0);
        }
        int idx = p.ws(0);
        JsonNode value;
        try {
            value = p.scanOnce(idx);
        } catch (Stop stop) {
            throw p.error("Expecting value", stop.pos);
        }
        int after = p.ws(p.end);
        if (after != p.cps.length) {
            throw p.error("Extra data", after);
        }
        return value;
    }

    private PyError error(String message, int pos) {
        int line = 1;
        int lastNewline = -1;
        for (int i = 0; i < pos && i < cps.length; i++) {
            if (cps[i] == '\n') {
                line++;
                lastNewline = i;
            }
        }
        int column = pos - lastNewline;
        return PyError.valueError(message + ": line " + line + " column " + column + " (char " + pos + ")");
    }

    private int ws(int idx) {
        while (idx < cps.length && (cps[idx] == ' ' || cps[idx] == '\t' || cps[idx] == '\n' || cps[idx] == '\r')) {
            idx++;
        }
        return idx;
    }

    private boolean matches(int idx, String word) {
        if (idx + word.length() > cps.length) {
            return false;
        }
        for (int i = 0; i < word.length(); i++) {
            if (cps[idx + i] != word.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private JsonNode scanOnce(int idx) {
        if (idx >= cps.length) {
            throw new Stop(idx);
        }
        switch (cps[idx]) {
            case '"':
                return TextNode.valueOf(scanString(idx + 1));
            case '{':
                return scanObject(idx + 1);
            case '[':
                return scanArray(idx + 1);
            case 'n':
                if (matches(idx, "null")) {
                    end = idx + 4;
                    return NullNode.getInstance();
                }
                break;
            case 't':
                if (matches(idx, "true")) {
                    end = idx + 4;
                    return BooleanNode.valueOf(true);
                }
                break;
            case 'f':
                if (matches(idx, "false")) {
                    end = idx + 5;
                    return BooleanNode.valueOf(false);
                }
                break;
            case 'N':
                if (matches(idx, "NaN")) {
                    end = idx + 3;
                    return DoubleNode.valueOf(Double.NaN);
                }
                break;
            case 'I':
                if (matches(idx, "Infinity")) {
                    end = idx + 8;
                    return DoubleNode.valueOf(Double.POSITIVE_INFINITY);
                }
                break;
            case '-':
                if (matches(idx, "-Infinity")) {
                    end = idx + 9;
                    return DoubleNode.valueOf(Double.NEGATIVE_INFINITY);
                }
                break;
            default:
                break;
        }
        return scanNumber(idx);
    }

    private boolean digit(int idx) {
        return idx < cps.length && cps[idx] >= '0' && cps[idx] <= '9';
    }

    private JsonNode scanNumber(int start) {
        int idx = start;
        if (idx < cps.length && cps[idx] == '-') {
            idx++;
            if (idx >= cps.length) {
                throw new Stop(start);
            }
        }
        if (idx < cps.length && cps[idx] >= '1' && cps[idx] <= '9') {
            idx++;
            while (digit(idx)) {
                idx++;
            }
        } else if (idx < cps.length && cps[idx] == '0') {
            idx++;
        } else {
            throw new Stop(start);
        }
        boolean isFloat = false;
        if (idx < cps.length - 1 && cps[idx] == '.' && digit(idx + 1)) {
            isFloat = true;
            idx += 2;
            while (digit(idx)) {
                idx++;
            }
        }
        if (idx < cps.length - 1 && (cps[idx] == 'e' || cps[idx] == 'E')) {
            int eStart = idx;
            idx++;
            if (idx < cps.length - 1 && (cps[idx] == '-' || cps[idx] == '+')) {
                idx++;
            }
            while (digit(idx)) {
                idx++;
            }
            if (digit(idx - 1)) {
                isFloat = true;
            } else {
                idx = eStart;
            }
        }
        String number = new String(cps, start, idx - start);
        end = idx;
        return isFloat ? DoubleNode.valueOf(Double.parseDouble(number)) : Py.integer(new BigInteger(number));
    }

    /** Reads a string whose opening quote is just before {@code idx}; sets {@link #end}. */
    private String scanString(int idx) {
        int begin = idx - 1;
        StringBuilder out = new StringBuilder();
        while (true) {
            if (idx >= cps.length) {
                throw error("Unterminated string starting at", begin);
            }
            int c = cps[idx];
            if (c == '"') {
                end = idx + 1;
                return out.toString();
            }
            if (c <= 0x1f) {
                throw error("Invalid control character at", idx);
            }
            if (c != '\\') {
                out.appendCodePoint(c);
                idx++;
                continue;
            }
            idx++;
            if (idx >= cps.length) {
                throw error("Unterminated string starting at", begin);
            }
            int escape = cps[idx];
            if (escape != 'u') {
                switch (escape) {
                    case '"', '\\', '/' -> out.appendCodePoint(escape);
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    default -> throw error("Invalid \\escape", idx - 1);
                }
                idx++;
                continue;
            }
            idx++;
            int hexEnd = idx + 4;
            if (hexEnd >= cps.length) {
                throw error("Invalid \\uXXXX escape", idx - 1);
            }
            int code = hex(idx, hexEnd);
            idx = hexEnd;
            if (code >= 0xD800 && code <= 0xDBFF && hexEnd + 6 < cps.length && cps[idx] == '\\'
                    && cps[idx + 1] == 'u') {
                int low = hex(idx + 2, idx + 6);
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    code = Character.toCodePoint((char) code, (char) low);
                    idx += 6;
                }
            }
            out.appendCodePoint(code);
        }
    }

    private int hex(int from, int to) {
        int value = 0;
        for (int i = from; i < to; i++) {
            int d = Character.digit(cps[i], 16);
            if (d < 0 || cps[i] > 'f') {
                throw error("Invalid \\uXXXX escape", to - 5);
            }
            value = value * 16 + d;
        }
        return value;
    }

    private ObjectNode scanObject(int idx) {
        ObjectNode object = JsonNodeFactory.instance.objectNode();
        idx = ws(idx);
        if (idx >= cps.length || cps[idx] != '}') {
            while (true) {
                if (idx >= cps.length || cps[idx] != '"') {
                    throw error("Expecting property name enclosed in double quotes", idx);
                }
                String key = scanString(idx + 1);
                idx = ws(end);
                if (idx >= cps.length || cps[idx] != ':') {
                    throw error("Expecting ':' delimiter", idx);
                }
                idx = ws(idx + 1);
                object.set(key, scanOnce(idx));
                idx = ws(end);
                if (idx < cps.length && cps[idx] == '}') {
                    break;
                }
                if (idx >= cps.length || cps[idx] != ',') {
                    throw error("Expecting ',' delimiter", idx);
                }
                idx = ws(idx + 1);
            }
        }
        end = idx + 1;
        return object;
    }

    private ArrayNode scanArray(int idx) {
        ArrayNode array = JsonNodeFactory.instance.arrayNode();
        idx = ws(idx);
        if (idx >= cps.length || cps[idx] != ']') {
            while (true) {
                array.add(scanOnce(idx));
                idx = ws(end);
                if (idx < cps.length && cps[idx] == ']') {
                    break;
                }
                if (idx >= cps.length || cps[idx] != ',') {
                    throw error("Expecting ',' delimiter", idx);
                }
                idx = ws(idx + 1);
            }
        }
        end = idx + 1;
        return array;
    }
}
