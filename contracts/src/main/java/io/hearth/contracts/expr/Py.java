package io.hearth.contracts.expr;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Python's view of a JSON value, as Heat (a Python program) sees it: {@code str()}, {@code repr()},
 * {@code json.dumps(..., sort_keys=True)}, {@code ==}, truthiness, {@code int()} and URL quoting. Heat's
 * results and error messages are made of these, so Hearth reproduces them exactly.
 */
final class Py {

    private Py() {
    }

    /** Python's type name of a JSON value, as in Python's own error messages. */
    static String typeName(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return "NoneType";
        }
        if (v.isBoolean()) {
            return "bool";
        }
        if (v.isIntegralNumber()) {
            return "int";
        }
        if (v.isNumber()) {
            return "float";
        }
        if (v.isTextual()) {
            return "str";
        }
        return v.isArray() ? "list" : "dict";
    }

    /** Python truthiness: None, False, 0, "", [] and {} are false. */
    static boolean truthy(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return false;
        }
        if (v.isBoolean()) {
            return v.booleanValue();
        }
        if (v.isNumber()) {
            return v.decimalValue().signum() != 0;
        }
        if (v.isTextual()) {
            return !v.textValue().isEmpty();
        }
        return v.size() > 0;
    }

    /** Python's {@code ==} between two JSON values: 1 == 1.0 == True, dicts compare by content. */
    static boolean eq(JsonNode a, JsonNode b) {
        boolean aNum = a.isNumber() || a.isBoolean();
        boolean bNum = b.isNumber() || b.isBoolean();
        if (aNum || bNum) {
            if (!(aNum && bNum)) {
                return false;
            }
            BigDecimal x = exact(a);
            BigDecimal y = exact(b);
            return x != null && y != null && x.compareTo(y) == 0;
        }
        if (a.isNull() || b.isNull()) {
            return a.isNull() && b.isNull();
        }
        if (a.isTextual() || b.isTextual()) {
            return a.isTextual() && b.isTextual() && a.textValue().equals(b.textValue());
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!eq(a.get(i), b.get(i))) {
                    return false;
                }
            }
            return true;
        }
        if (a.isObject() && b.isObject()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = a.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode other = b.get(e.getKey());
                if (other == null || !eq(e.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /** Python's {@code value in sequence} for a list. */
    static boolean in(JsonNode value, JsonNode list) {
        for (JsonNode item : list) {
            if (eq(value, item)) {
                return true;
            }
        }
        return false;
    }

    private static BigDecimal exact(JsonNode n) {
        if (n.isBoolean()) {
            return n.booleanValue() ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (n.isIntegralNumber()) {
            return new BigDecimal(n.bigIntegerValue());
        }
        double d = n.doubleValue();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return null;
        }
        return new BigDecimal(d);
    }

    /** Python's {@code str()}: a string is itself, anything else its {@code repr()}. */
    static String str(JsonNode v) {
        if (v != null && v.isTextual()) {
            return v.textValue();
        }
        return repr(v);
    }

    /** Python's {@code repr()} of a JSON value. */
    static String repr(JsonNode v) {
        StringBuilder out = new StringBuilder();
        repr(v, out);
        return out.toString();
    }

    private static void repr(JsonNode v, StringBuilder out) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            out.append("None");
        } else if (v.isBoolean()) {
            out.append(v.booleanValue() ? "True" : "False");
        } else if (v.isIntegralNumber()) {
            out.append(v.bigIntegerValue());
        } else if (v.isNumber()) {
            out.append(floatRepr(v.doubleValue()));
        } else if (v.isTextual()) {
            out.append(reprString(v.textValue()));
        } else if (v.isArray()) {
            out.append('[');
            for (int i = 0; i < v.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                repr(v.get(i), out);
            }
            out.append(']');
        } else {
            out.append('{');
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = v.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!first) {
                    out.append(", ");
                }
                first = false;
                out.append(reprString(e.getKey())).append(": ");
                repr(e.getValue(), out);
            }
            out.append('}');
        }
    }

    /** Python's {@code repr()} of a string: single quotes unless only double quotes avoid escaping. */
    static String reprString(String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder out = new StringBuilder(s.length() + 2).append(quote);
        s.codePoints().forEach(cp -> {
            if (cp == quote || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (!printable(cp)) {
                if (cp <= 0xff) {
                    out.append(String.format("\\x%02x", cp));
                } else if (cp <= 0xffff) {
                    out.append(String.format("\\u%04x", cp));
                } else {
                    out.append(String.format("\\U%08x", cp));
                }
            } else {
                out.appendCodePoint(cp);
            }
        });
        return out.append(quote).toString();
    }

    private static boolean printable(int cp) {
        if (cp == ' ') {
            return true;
        }
        return switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE,
                    Character.UNASSIGNED, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SPACE_SEPARATOR -> false;
            default -> true;
        };
    }

    /** Python's {@code repr()} of a float: shortest digits, exponent form below 1e-4 and from 1e16. */
    static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0) {
            return 1 / d < 0 ? "-0.0" : "0.0";
        }
        BigDecimal bd = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        String sign = bd.signum() < 0 ? "-" : "";
        bd = bd.abs();
        String digits = bd.unscaledValue().toString();
        int exponent = digits.length() - 1 - bd.scale();
        if (exponent >= -4 && exponent < 16) {
            String plain = bd.toPlainString();
            return sign + (plain.contains(".") ? plain : plain + ".0");
        }
        String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
        String exp = String.format("%02d", Math.abs(exponent));
        return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + exp;
    }

    /** {@code json.dumps(value, sort_keys=True)} with Python's default separators and ensure_ascii. */
    static String jsonDumps(JsonNode v) {
        StringBuilder out = new StringBuilder();
        json(v, true, out);
        return out.toString();
    }

    /** {@code json.dumps(value)}: keys in their order. */
    static String jsonDumpsUnsorted(JsonNode v) {
        StringBuilder out = new StringBuilder();
        json(v, false, out);
        return out.toString();
    }

    private static void json(JsonNode v, boolean sortKeys, StringBuilder out) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            out.append("null");
        } else if (v.isBoolean()) {
            out.append(v.booleanValue());
        } else if (v.isIntegralNumber()) {
            out.append(v.bigIntegerValue());
        } else if (v.isNumber()) {
            double d = v.doubleValue();
            out.append(Double.isNaN(d) ? "NaN" : Double.isInfinite(d) ? (d > 0 ? "Infinity" : "-Infinity")
                    : floatRepr(d));
        } else if (v.isTextual()) {
            jsonString(v.textValue(), out);
        } else if (v.isArray()) {
            out.append('[');
            for (int i = 0; i < v.size(); i++) {
                if (i > 0) {
                    out.append(", ");
                }
                json(v.get(i), sortKeys, out);
            }
            out.append(']');
        } else {
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
                jsonString(keys.get(i), out);
                out.append(": ");
                json(v.get(keys.get(i)), sortKeys, out);
            }
            out.append('}');
        }
    }

    private static void jsonString(String s, StringBuilder out) {
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
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** Python's ordering of strings: by code point. */
    static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int x = a.codePointAt(i);
            int y = b.codePointAt(j);
            if (x != y) {
                return Integer.compare(x, y);
            }
            i += Character.charCount(x);
            j += Character.charCount(y);
        }
        return Integer.compare(a.length() - i, b.length() - j);
    }

    /** Python's {@code len()} of a string: code points. */
    static int len(String s) {
        return s.codePointCount(0, s.length());
    }

    /** The first {@code max} code points of a string, as Python's {@code s[:max]}. */
    static String prefix(String s, int max) {
        return len(s) <= max ? s : s.substring(0, s.offsetByCodePoints(0, max));
    }

    /** Python's {@code int(text)}, or null where Python raises ValueError. */
    static BigInteger parseInt(String text) {
        String s = strip(text);
        int start = 0;
        if (!s.isEmpty() && (s.charAt(0) == '+' || s.charAt(0) == '-')) {
            start = 1;
        }
        if (start == s.length()) {
            return null;
        }
        StringBuilder digits = new StringBuilder();
        boolean lastUnderscore = true;
        for (int i = start; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '_') {
                if (lastUnderscore) {
                    return null;
                }
                lastUnderscore = true;
            } else if (Character.isDigit(c)) {
                digits.append(Character.digit(c, 10));
                lastUnderscore = false;
            } else {
                return null;
            }
        }
        if (lastUnderscore) {
            return null;
        }
        BigInteger value = new BigInteger(digits.toString());
        return s.charAt(0) == '-' ? value.negate() : value;
    }

    /** Python's {@code int(value)} for a JSON value, or null where Python raises. */
    static BigInteger toInt(JsonNode v) {
        if (v.isBoolean()) {
            return v.booleanValue() ? BigInteger.ONE : BigInteger.ZERO;
        }
        if (v.isIntegralNumber()) {
            return v.bigIntegerValue();
        }
        if (v.isNumber()) {
            double d = v.doubleValue();
            return Double.isFinite(d) ? new BigDecimal(d).toBigInteger() : null;
        }
        if (v.isTextual()) {
            return parseInt(v.textValue());
        }
        return null;
    }

    /** Python's {@code str.isspace()} for one code point. */
    static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == 0x85;
    }

    static String strip(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isSpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isSpace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(start, end);
    }

    /** Python's {@code s.split(sep)} for a non-empty separator: exact, keeps empty parts. */
    static List<String> split(String s, String sep) {
        List<String> parts = new ArrayList<>();
        int from = 0;
        int at;
        while ((at = s.indexOf(sep, from)) >= 0) {
            parts.add(s.substring(from, at));
            from = at + sep.length();
        }
        parts.add(s.substring(from));
        return parts;
    }

    /** Python's {@code s.split()} (no separator): runs of whitespace, no empty parts. */
    static List<String> splitWhitespace(String s) {
        List<String> parts = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            while (i < s.length() && isSpace(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
            }
            int start = i;
            while (i < s.length() && !isSpace(s.codePointAt(i))) {
                i += Character.charCount(s.codePointAt(i));
            }
            if (i > start) {
                parts.add(s.substring(start, i));
            }
        }
        return parts;
    }

    /** Python's {@code s.replace(old, new)}, including an empty {@code old}. */
    static String replace(String s, String old, String replacement) {
        if (!old.isEmpty()) {
            return s.replace(old, replacement);
        }
        StringBuilder out = new StringBuilder(replacement);
        s.codePoints().forEach(cp -> out.appendCodePoint(cp).append(replacement));
        return out.toString();
    }

    private static final String ALWAYS_SAFE =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~";

    /** {@code urllib.parse.quote(s, safe)}: UTF-8, upper-case hex escapes. */
    static String quote(String s, String safe) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x80 && (ALWAYS_SAFE.indexOf(c) >= 0 || safe.indexOf(c) >= 0)) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format("%02X", c));
            }
        }
        return out.toString();
    }

    /** {@code urllib.parse.quote_plus(s, safe='')}: spaces become '+'. */
    static String quotePlus(String s) {
        return quote(s, " ").replace(' ', '+');
    }
}
