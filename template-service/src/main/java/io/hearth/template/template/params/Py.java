package io.hearth.template.template.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The bits of Python that Heat's parameter handling leans on, so that Hearth converts values
 * and words its messages the way Heat (running on CPython 3) does: {@code str()},
 * {@code repr()}, truthiness, {@code int()}/{@code float()} of a string, comparison and
 * {@code %} between numbers, {@code len()}, oslo's {@code bool_from_string(strict=True)} and
 * {@code json.dumps}. Values are Jackson nodes: text is a Python {@code str}, an integral
 * number an {@code int}, any other number a {@code float}, an array a {@code list}, an object a
 * {@code dict}, null {@code None}.
 */
final class Py {

    private Py() {
    }

    static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /** A Python {@code ValueError} or {@code TypeError}, carrying Python's message. */
    static final class Error extends RuntimeException {
        private final boolean typeError;

        private Error(String message, boolean typeError) {
            super(message, null, false, false);
            this.typeError = typeError;
        }

        static Error valueError(String message) {
            return new Error(message, false);
        }

        static Error typeError(String message) {
            return new Error(message, true);
        }

        boolean isTypeError() {
            return typeError;
        }
    }

    /** oslo.utils strutils: what {@code bool_from_string} takes as true and false. */
    private static final Set<String> TRUE_STRINGS = Set.of("1", "t", "true", "on", "y", "yes");
    private static final Set<String> FALSE_STRINGS = Set.of("0", "f", "false", "off", "n", "no");
    private static final String ACCEPTABLE_BOOLEANS =
            "'0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'";

    // ------------------------------------------------------------------ str, repr, type names

    /** Python's {@code str(value)}. */
    static String str(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "None";
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isBoolean()) {
            return value.booleanValue() ? "True" : "False";
        }
        if (value.isIntegralNumber()) {
            return value.bigIntegerValue().toString();
        }
        if (value.isNumber()) {
            return floatRepr(value.doubleValue());
        }
        if (value.isArray()) {
            StringBuilder out = new StringBuilder("[");
            for (int i = 0; i < value.size(); i++) {
                out.append(i == 0 ? "" : ", ").append(repr(value.get(i)));
            }
            return out.append(']').toString();
        }
        if (value.isObject()) {
            StringBuilder out = new StringBuilder("{");
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                out.append(first ? "" : ", ").append(reprString(e.getKey())).append(": ").append(repr(e.getValue()));
                first = false;
            }
            return out.append('}').toString();
        }
        return value.asText();
    }

    /** Python's {@code repr(value)}. */
    static String repr(JsonNode value) {
        return value != null && value.isTextual() ? reprString(value.textValue()) : str(value);
    }

    /** Python's {@code repr()} of a {@code str}: quoted, with Python's choice of quote and escapes. */
    static String reprString(String s) {
        int quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder out = new StringBuilder().appendCodePoint(quote);
        s.codePoints().forEach(cp -> {
            if (cp == quote || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (cp < 0x20 || cp == 0x7f) {
                out.append(String.format(Locale.ROOT, "\\x%02x", cp));
            } else if (cp < 0x7f || isPrintable(cp)) {
                out.appendCodePoint(cp);
            } else if (cp <= 0xff) {
                out.append(String.format(Locale.ROOT, "\\x%02x", cp));
            } else if (cp <= 0xffff) {
                out.append(String.format(Locale.ROOT, "\\u%04x", cp));
            } else {
                out.append(String.format(Locale.ROOT, "\\U%08x", cp));
            }
        });
        return out.appendCodePoint(quote).toString();
    }

    private static boolean isPrintable(int cp) {
        switch (Character.getType(cp)) {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE,
                    Character.UNASSIGNED, Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR,
                    Character.SPACE_SEPARATOR:
                return cp == ' ';
            default:
                return true;
        }
    }

    /** Python's {@code type(value).__name__}. */
    static String typeName(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "NoneType";
        }
        if (value.isTextual()) {
            return "str";
        }
        if (value.isBoolean()) {
            return "bool";
        }
        if (value.isIntegralNumber()) {
            return "int";
        }
        if (value.isNumber()) {
            return "float";
        }
        if (value.isArray()) {
            return "list";
        }
        if (value.isObject()) {
            return "dict";
        }
        return "object";
    }

    /** Python's {@code bool(value)}. */
    static boolean truthy(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return false;
        }
        if (value.isBoolean()) {
            return value.booleanValue();
        }
        if (value.isIntegralNumber()) {
            return value.bigIntegerValue().signum() != 0;
        }
        if (value.isNumber()) {
            return value.doubleValue() != 0.0;
        }
        if (value.isTextual()) {
            return !value.textValue().isEmpty();
        }
        if (value.isContainerNode()) {
            return value.size() > 0;
        }
        return true;
    }

    /** Python's {@code repr(float)}: the shortest digits that read back as the same double. */
    static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0.0) {
            return 1 / d < 0 ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(Math.abs(d));
        BigDecimal shortest = exact;
        for (int precision = 1; precision <= 17; precision++) {
            BigDecimal rounded = exact.round(new MathContext(precision, RoundingMode.HALF_EVEN));
            if (rounded.doubleValue() == Math.abs(d)) {
                shortest = rounded;
                break;
            }
        }
        shortest = shortest.stripTrailingZeros();
        String digits = shortest.unscaledValue().toString();
        int decpt = digits.length() - shortest.scale();
        StringBuilder out = new StringBuilder(d < 0 ? "-" : "");
        if (decpt <= -4 || decpt > 16) {
            out.append(digits.charAt(0));
            if (digits.length() > 1) {
                out.append('.').append(digits, 1, digits.length());
            }
            int exponent = decpt - 1;
            out.append('e').append(exponent < 0 ? '-' : '+');
            String e = Integer.toString(Math.abs(exponent));
            out.append(e.length() < 2 ? "0" + e : e);
        } else if (decpt <= 0) {
            out.append("0.").append("0".repeat(-decpt)).append(digits);
        } else if (decpt >= digits.length()) {
            out.append(digits).append("0".repeat(decpt - digits.length())).append(".0");
        } else {
            out.append(digits, 0, decpt).append('.').append(digits, decpt, digits.length());
        }
        return out.toString();
    }

    // ------------------------------------------------------------------ numbers

    /** A Python {@code int} as the smallest Jackson node that holds it. */
    static JsonNode integer(BigInteger value) {
        if (value.bitLength() < 32) {
            return IntNode.valueOf(value.intValue());
        }
        if (value.bitLength() < 64) {
            return LongNode.valueOf(value.longValue());
        }
        return BigIntegerNode.valueOf(value);
    }

    /**
     * Heat's {@code Schema.str_to_num}: a number stays as it is, a string becomes {@code int(s)}
     * or else {@code float(s)}. A boolean is a Python number too; it comes back as 1 or 0.
     *
     * @throws Error Python's ValueError or TypeError, with its message
     */
    static JsonNode strToNum(JsonNode value) {
        if (value != null && value.isBoolean()) {
            return IntNode.valueOf(value.booleanValue() ? 1 : 0);
        }
        if (value != null && value.isIntegralNumber()) {
            return value;
        }
        if (value != null && value.isNumber()) {
            return DoubleNode.valueOf(value.doubleValue());
        }
        if (value != null && value.isTextual()) {
            String s = value.textValue();
            BigInteger asInt = parseInt(s);
            if (asInt != null) {
                return integer(asInt);
            }
            Double asFloat = parseFloat(s);
            if (asFloat != null) {
                return DoubleNode.valueOf(asFloat);
            }
            throw Error.valueError("could not convert string to float: " + reprString(s));
        }
        throw Error.typeError("int() argument must be a string, a bytes-like object or a real number, not '"
                + typeName(value) + "'");
    }

    /** Python's {@code int(s)} in base 10, or null where Python raises ValueError. */
    static BigInteger parseInt(String s) {
        String t = strip(s);
        int i = 0;
        boolean negative = false;
        if (!t.isEmpty() && (t.charAt(0) == '+' || t.charAt(0) == '-')) {
            negative = t.charAt(0) == '-';
            i = 1;
        }
        StringBuilder digits = new StringBuilder();
        boolean lastWasDigit = false;
        while (i < t.length()) {
            int cp = t.codePointAt(i);
            i += Character.charCount(cp);
            if (cp == '_') {
                if (!lastWasDigit) {
                    return null;
                }
                lastWasDigit = false;
                continue;
            }
            int digit = Character.digit(cp, 10);
            if (digit < 0 || Character.getType(cp) != Character.DECIMAL_DIGIT_NUMBER) {
                return null;
            }
            digits.append((char) ('0' + digit));
            lastWasDigit = true;
        }
        if (!lastWasDigit) {
            return null;
        }
        BigInteger n = new BigInteger(digits.toString());
        return negative ? n.negate() : n;
    }

    /** Python's {@code float(s)}, or null where Python raises ValueError. */
    static Double parseFloat(String s) {
        String t = strip(s);
        int i = 0;
        String sign = "";
        if (!t.isEmpty() && (t.charAt(0) == '+' || t.charAt(0) == '-')) {
            sign = t.substring(0, 1);
            i = 1;
        }
        String rest = t.substring(i).toLowerCase(Locale.ROOT);
        if (rest.equals("inf") || rest.equals("infinity")) {
            return sign.equals("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
        }
        if (rest.equals("nan")) {
            return Double.NaN;
        }
        StringBuilder ascii = new StringBuilder(sign);
        int[] cps = t.substring(i).codePoints().toArray();
        int[] at = {0};
        int whole = digitPart(cps, at, ascii);
        int fraction = 0;
        if (at[0] < cps.length && cps[at[0]] == '.') {
            ascii.append('.');
            at[0]++;
            fraction = digitPart(cps, at, ascii);
        }
        if (whole < 0 || fraction < 0 || whole + fraction == 0) {
            return null;
        }
        if (at[0] < cps.length && (cps[at[0]] == 'e' || cps[at[0]] == 'E')) {
            ascii.append('e');
            at[0]++;
            if (at[0] < cps.length && (cps[at[0]] == '+' || cps[at[0]] == '-')) {
                ascii.appendCodePoint(cps[at[0]++]);
            }
            if (digitPart(cps, at, ascii) <= 0) {
                return null;
            }
        }
        if (at[0] != cps.length) {
            return null;
        }
        return Double.parseDouble(ascii.toString());
    }

    /** Reads {@code digit (["_"] digit)*}; the count of digits read, or -1 if malformed. */
    private static int digitPart(int[] cps, int[] at, StringBuilder into) {
        int count = 0;
        while (at[0] < cps.length) {
            int cp = cps[at[0]];
            if (cp == '_') {
                if (count == 0 || at[0] + 1 >= cps.length || !isDecimal(cps[at[0] + 1])) {
                    return -1;
                }
                at[0]++;
                continue;
            }
            if (!isDecimal(cp)) {
                break;
            }
            into.append((char) ('0' + Character.digit(cp, 10)));
            count++;
            at[0]++;
        }
        return count;
    }

    private static boolean isDecimal(int cp) {
        return Character.getType(cp) == Character.DECIMAL_DIGIT_NUMBER;
    }

    /** Python's {@code str.strip()}: removes Python's whitespace from both ends. */
    static String strip(String s) {
        int start = 0;
        int end = s.length();
        while (start < end && isPySpace(s.charAt(start))) {
            start++;
        }
        while (end > start && isPySpace(s.charAt(end - 1))) {
            end--;
        }
        return s.substring(start, end);
    }

    private static boolean isPySpace(char c) {
        return (c >= '\t' && c <= '\r') || (c >= 0x1c && c <= 0x20) || c == 0x85 || c == 0xa0
                || Character.isSpaceChar(c);
    }

    /**
     * Python's ordering of two numbers ({@code int} against {@code float} exactly, as Python
     * does); null when they are unordered (a NaN is involved).
     */
    static Integer compare(JsonNode a, JsonNode b) {
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            return a.bigIntegerValue().compareTo(b.bigIntegerValue());
        }
        double da = a.doubleValue();
        double db = b.doubleValue();
        if (Double.isNaN(da) || Double.isNaN(db)) {
            return null;
        }
        if (Double.isInfinite(da) || Double.isInfinite(db)) {
            return Double.compare(da, db);
        }
        return exact(a).compareTo(exact(b));
    }

    private static BigDecimal exact(JsonNode n) {
        return n.isIntegralNumber() ? new BigDecimal(n.bigIntegerValue()) : new BigDecimal(n.doubleValue());
    }

    /** Python's {@code a % b} for numbers: the result takes the sign of {@code b}. */
    static JsonNode mod(JsonNode a, JsonNode b) {
        if (a.isIntegralNumber() && b.isIntegralNumber()) {
            BigInteger divisor = b.bigIntegerValue();
            BigInteger r = a.bigIntegerValue().mod(divisor.abs());
            if (divisor.signum() < 0 && r.signum() != 0) {
                r = r.add(divisor);
            }
            return integer(r);
        }
        double x = a.doubleValue();
        double w = b.doubleValue();
        double m = x % w;
        if (m != 0) {
            if ((w < 0) != (m < 0)) {
                m += w;
            }
        } else {
            m = Math.copySign(0.0, w);
        }
        return DoubleNode.valueOf(m);
    }

    /** Python's {@code a == b}, where {@code True == 1} and {@code 1 == 1.0}. */
    static boolean equal(JsonNode a, JsonNode b) {
        boolean aNum = a.isNumber() || a.isBoolean();
        boolean bNum = b.isNumber() || b.isBoolean();
        if (aNum && bNum) {
            Integer c = compare(strToNum(a), strToNum(b));
            return c != null && c == 0;
        }
        if (a.isTextual() && b.isTextual()) {
            return a.textValue().equals(b.textValue());
        }
        if (a.isNull() && b.isNull()) {
            return true;
        }
        if (a.isArray() && b.isArray()) {
            if (a.size() != b.size()) {
                return false;
            }
            for (int i = 0; i < a.size(); i++) {
                if (!equal(a.get(i), b.get(i))) {
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
                if (other == null || !equal(e.getValue(), other)) {
                    return false;
                }
            }
            return true;
        }
        return false;
    }

    /**
     * Python's {@code len(value)}.
     *
     * @throws Error TypeError for a value without a length
     */
    static int len(JsonNode value) {
        if (value != null && value.isTextual()) {
            String s = value.textValue();
            return s.codePointCount(0, s.length());
        }
        if (value != null && value.isContainerNode()) {
            return value.size();
        }
        throw Error.typeError("object of type '" + typeName(value) + "' has no len()");
    }

    // ------------------------------------------------------------------ booleans

    /**
     * oslo.utils {@code strutils.bool_from_string(value, strict=True)}.
     *
     * @throws Error ValueError for anything but the accepted words
     */
    static boolean boolFromString(JsonNode value) {
        if (value != null && value.isBoolean()) {
            return value.booleanValue();
        }
        String subject = str(value);
        String lowered = strip(subject).toLowerCase(Locale.ROOT);
        if (TRUE_STRINGS.contains(lowered)) {
            return true;
        }
        if (FALSE_STRINGS.contains(lowered)) {
            return false;
        }
        throw Error.valueError("Unrecognized value '" + subject + "', acceptable values are: " + ACCEPTABLE_BOOLEANS);
    }

    // ------------------------------------------------------------------ json.dumps

    /** Python's {@code json.dumps(value)} with its defaults (", " and ": ", ASCII only). */
    static String jsonDumps(JsonNode value) {
        StringBuilder out = new StringBuilder();
        dump(value, out);
        return out.toString();
    }

    private static void dump(JsonNode value, StringBuilder out) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            out.append("null");
        } else if (value.isBoolean()) {
            out.append(value.booleanValue());
        } else if (value.isIntegralNumber()) {
            out.append(value.bigIntegerValue());
        } else if (value.isNumber()) {
            double d = value.doubleValue();
            out.append(Double.isNaN(d) ? "NaN" : Double.isInfinite(d) ? (d > 0 ? "Infinity" : "-Infinity")
                    : floatRepr(d));
        } else if (value.isTextual()) {
            dumpString(value.textValue(), out);
        } else if (value.isArray()) {
            out.append('[');
            for (int i = 0; i < value.size(); i++) {
                out.append(i == 0 ? "" : ", ");
                dump(value.get(i), out);
            }
            out.append(']');
        } else if (value.isObject()) {
            out.append('{');
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                out.append(first ? "" : ", ");
                dumpString(e.getKey(), out);
                out.append(": ");
                dump(e.getValue(), out);
                first = false;
            }
            out.append('}');
        } else {
            dumpString(value.asText(), out);
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

    // ------------------------------------------------------------------ regular expressions

    /**
     * Compiles a Python {@code re} pattern for Java: {@code (?P<name>...)} and
     * {@code (?P=name)} become Java's named groups, {@code \Z} becomes {@code \z}, and
     * {@code \d}, {@code \w}, {@code \s} match Unicode as they do for Python 3 strings.
     */
    static Pattern compilePattern(String python) {
        StringBuilder java = new StringBuilder();
        int i = 0;
        while (i < python.length()) {
            char c = python.charAt(i);
            if (c == '\\' && i + 1 < python.length()) {
                char next = python.charAt(i + 1);
                java.append('\\').append(next == 'Z' ? 'z' : next);
                i += 2;
            } else if (python.startsWith("(?P<", i)) {
                java.append("(?<");
                i += 4;
            } else if (python.startsWith("(?P=", i)) {
                int close = python.indexOf(')', i);
                if (close < 0) {
                    java.append(python, i, python.length());
                    break;
                }
                java.append("\\k<").append(python, i + 4, close).append('>');
                i = close + 1;
            } else {
                java.append(c);
                i++;
            }
        }
        return Pattern.compile(java.toString(), Pattern.UNICODE_CHARACTER_CLASS);
    }

    static TextNode text(String s) {
        return TextNode.valueOf(s);
    }

    static BooleanNode bool(boolean b) {
        return BooleanNode.valueOf(b);
    }

    static ArrayNode array() {
        return NODES.arrayNode();
    }
}
