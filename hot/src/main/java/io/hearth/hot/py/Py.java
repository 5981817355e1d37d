package io.hearth.hot.py;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.LongNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Python's view of a JSON value, as Heat (a Python program running on CPython 3) sees it. Heat's results
 * and error messages are made of these, so Hearth reproduces them exactly: one method per Python
 * behaviour, named after it.
 *
 * <p>Values are Jackson nodes: text is a {@code str}, a boolean a {@code bool} (which Python counts as an
 * {@code int}), any other integral number an {@code int}, any other number a {@code float}, an array a
 * {@code list}, an object a {@code dict}, null (or a missing node, or Java {@code null}) {@code None}.
 * Where Python raises, a method either says so in its documentation (a null answer) or throws
 * {@link PyError} with Python's message. {@code json.dumps} and {@code json.loads} are in {@link PyJson}.
 */
public final class Py {

    private Py() {
    }

    // ------------------------------------------------------------------ types and truth

    /** Python's {@code type(value).__name__}, as in Python's own error messages. */
    public static String typeName(JsonNode value) {
        if (isNone(value)) {
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
        return value.isObject() ? "dict" : "object";
    }

    /** Python's {@code bool(value)}: None, False, 0, 0.0, "", [] and {} are false; NaN is true. */
    public static boolean truthy(JsonNode value) {
        if (isNone(value)) {
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
        return !value.isContainerNode() || value.size() > 0;
    }

    /** Python's {@code isinstance(value, int)}: an integral number or a bool. */
    public static boolean isInt(JsonNode value) {
        return value != null && (value.isIntegralNumber() || value.isBoolean());
    }

    /** Python's {@code isinstance(value, numbers.Number)}: any number or a bool. */
    public static boolean isNumber(JsonNode value) {
        return value != null && (value.isNumber() || value.isBoolean());
    }

    private static boolean isNone(JsonNode value) {
        return value == null || value.isNull() || value.isMissingNode();
    }

    // ------------------------------------------------------------------ comparison

    /** Python's {@code a == b}: {@code 1 == 1.0 == True}, lists and dicts compare by content. */
    public static boolean eq(JsonNode a, JsonNode b) {
        if (isNone(a) || isNone(b)) {
            return isNone(a) && isNone(b);
        }
        if (isNumber(a) || isNumber(b)) {
            if (!(isNumber(a) && isNumber(b))) {
                return false;
            }
            Integer c = compare(a, b);
            return c != null && c == 0;
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

    /**
     * A key that is equal (and hashes equal) for values exactly when {@link #eq} holds them equal: the
     * exact number for numbers and bools ({@code 1 == 1.0 == True}), the text, lists and maps of keys. To
     * find equal values among many in one pass where Python compares each with each.
     */
    public static Object eqKey(JsonNode value) {
        if (isNone(value)) {
            return NONE_KEY;
        }
        if (isNumber(value)) {
            BigDecimal exact = exact(value);
            if (exact != null) {
                return exact.signum() == 0 ? BigDecimal.ZERO : exact.stripTrailingZeros();
            }
            // NaN equals nothing, not even itself; infinities equal their own kind
            return Double.isNaN(value.doubleValue()) ? new Object() : Double.valueOf(value.doubleValue());
        }
        if (value.isTextual()) {
            return value.textValue();
        }
        if (value.isArray()) {
            List<Object> keys = new ArrayList<>(value.size());
            value.forEach(item -> keys.add(eqKey(item)));
            return keys;
        }
        if (value.isObject()) {
            Map<String, Object> keys = new HashMap<>();
            value.fields().forEachRemaining(e -> keys.put(e.getKey(), eqKey(e.getValue())));
            return keys;
        }
        return new Object(); // equal to nothing else, as eq has it
    }

    private static final Object NONE_KEY = new Object();

    /** Python's {@code value in sequence} for a list: some item {@code ==} the value. */
    public static boolean in(JsonNode value, JsonNode list) {
        for (JsonNode item : list) {
            if (eq(value, item)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Python's ordering of two numbers ({@code <}, {@code ==}, {@code >}), exact between {@code int} and
     * {@code float} as Python compares them; a bool is 0 or 1.
     *
     * @return negative, zero or positive; null when the two are unordered (a NaN is involved)
     * @throws PyError TypeError when either is not a number
     */
    public static Integer compare(JsonNode a, JsonNode b) {
        if (!isNumber(a) || !isNumber(b)) {
            throw PyError.typeError("'<' not supported between instances of '" + typeName(a) + "' and '"
                    + typeName(b) + "'");
        }
        BigDecimal x = exact(a);
        BigDecimal y = exact(b);
        if (x != null && y != null) {
            return x.compareTo(y);
        }
        if ((x == null && Double.isNaN(a.doubleValue())) || (y == null && Double.isNaN(b.doubleValue()))) {
            return null;
        }
        if (x == null && y == null) {
            return Double.compare(a.doubleValue(), b.doubleValue());
        }
        return x == null ? (a.doubleValue() > 0 ? 1 : -1) : (b.doubleValue() > 0 ? -1 : 1);
    }

    /** The exact value of a number (a float's binary value), or null for NaN and infinities. */
    private static BigDecimal exact(JsonNode n) {
        if (n.isBoolean() || n.isIntegralNumber()) {
            return new BigDecimal(intValue(n));
        }
        double d = n.doubleValue();
        return Double.isFinite(d) ? new BigDecimal(d) : null;
    }

    /** Python's ordering of two {@code str}: by code point. */
    public static int compareCodePoints(String a, String b) {
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

    // ------------------------------------------------------------------ arithmetic

    /**
     * Python's {@code a % b} for numbers: the result takes the sign of {@code b}; an {@code int} when both
     * are {@code int} (or bool), else a {@code float}.
     *
     * @throws PyError ZeroDivisionError when {@code b} is zero, TypeError when either is not a number
     */
    public static JsonNode mod(JsonNode a, JsonNode b) {
        if (!isNumber(a) || !isNumber(b)) {
            throw PyError.typeError("unsupported operand type(s) for %: '" + typeName(a) + "' and '"
                    + typeName(b) + "'");
        }
        if (isInt(a) && isInt(b)) {
            BigInteger divisor = intValue(b);
            if (divisor.signum() == 0) {
                throw PyError.zeroDivisionError("integer modulo by zero");
            }
            BigInteger r = intValue(a).mod(divisor.abs());
            if (divisor.signum() < 0 && r.signum() != 0) {
                r = r.add(divisor);
            }
            return integer(r);
        }
        double x = floatValue(a);
        double w = floatValue(b);
        if (w == 0) {
            throw PyError.zeroDivisionError("float modulo");
        }
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

    private static BigInteger intValue(JsonNode n) {
        if (n.isBoolean()) {
            return n.booleanValue() ? BigInteger.ONE : BigInteger.ZERO;
        }
        return n.bigIntegerValue();
    }

    private static double floatValue(JsonNode n) {
        return isInt(n) ? intValue(n).doubleValue() : n.doubleValue();
    }

    // ------------------------------------------------------------------ str and repr

    /** Python's {@code str(value)}: a string is itself, anything else its {@code repr()}. */
    public static String str(JsonNode value) {
        return value != null && value.isTextual() ? value.textValue() : repr(value);
    }

    /**
     * Python's {@code fnmatch.fnmatchcase(name, pattern)}: {@code *} any run, {@code ?} any one character,
     * {@code [seq]} and {@code [!seq]} a set; everything else literal, case-sensitive.
     */
    public static boolean fnmatchcase(String name, String pattern) {
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            int close = c == '[' ? pattern.indexOf(']', i + 2) : -1;
            if (c == '*') {
                regex.append(".*");
            } else if (c == '?') {
                regex.append('.');
            } else if (close > 0) {
                String set = pattern.substring(i + 1, close);
                regex.append('[').append(set.startsWith("!") ? "^" + quoteSet(set.substring(1)) : quoteSet(set))
                        .append(']');
                i = close;
            } else {
                regex.append(java.util.regex.Pattern.quote(String.valueOf(c)));
            }
        }
        return java.util.regex.Pattern.compile(regex.toString(), java.util.regex.Pattern.DOTALL).matcher(name)
                .matches();
    }

    private static String quoteSet(String set) {
        return set.replace("\\", "\\\\").replace("[", "\\[").replace("&&", "&\\&").replace("^", "\\^");
    }

    /** Python's {@code repr(value)}. */
    public static String repr(JsonNode value) {
        StringBuilder out = new StringBuilder();
        repr(value, out);
        return out.toString();
    }

    private static void repr(JsonNode v, StringBuilder out) {
        if (isNone(v)) {
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
        } else if (v.isObject()) {
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
        } else {
            out.append(v.asText());
        }
    }

    /**
     * Python's {@code repr()} of a {@code str}: single quotes unless the text holds a single quote and no
     * double quote; backslash escapes for the quote, backslash, tab, newline, carriage return and every
     * character Python does not print ({@code \x01}, {@code \xa0}, {@code \u2028}, ...).
     */
    public static String reprString(String s) {
        int quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder out = new StringBuilder(s.length() + 2).appendCodePoint(quote);
        s.codePoints().forEach(cp -> {
            if (cp == quote || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
            } else if (cp == '\t') {
                out.append("\\t");
            } else if (cp == '\n') {
                out.append("\\n");
            } else if (cp == '\r') {
                out.append("\\r");
            } else if (isPrintable(cp)) {
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

    /** Python's {@code str.isprintable()} for one code point: not "Other" (C*) nor a separator (Z*) but space. */
    private static boolean isPrintable(int cp) {
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

    /**
     * Python's {@code repr(float)}: the shortest digits that read back as the same double (the nearest
     * such when there are several), in exponent form below 1e-4 and from 1e16 on.
     */
    public static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0.0) {
            return 1 / d < 0 ? "-0.0" : "0.0";
        }
        BigDecimal shortest = shortestDigits(Math.abs(d)).stripTrailingZeros();
        String digits = shortest.unscaledValue().toString();
        int decpt = digits.length() - shortest.scale(); // value = 0.<digits> * 10^decpt
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

    /**
     * The decimal with the fewest significant digits that reads back as {@code abs} (a positive finite
     * double), the nearest to it among those; a tie goes to the even last digit. This is David Gay's
     * "shortest" mode, which CPython's repr uses (Java 17's Double.toString is not always shortest).
     */
    private static BigDecimal shortestDigits(double abs) {
        BigDecimal exact = new BigDecimal(abs);
        for (int precision = 1; precision < 17; precision++) {
            BigDecimal down = exact.round(new MathContext(precision, RoundingMode.FLOOR));
            BigDecimal up = exact.round(new MathContext(precision, RoundingMode.CEILING));
            boolean downReads = down.doubleValue() == abs;
            boolean upReads = up.doubleValue() == abs;
            if (downReads && upReads) {
                int c = exact.subtract(down).compareTo(up.subtract(exact));
                if (c == 0) {
                    return down.unscaledValue().testBit(0) ? up : down;
                }
                return c < 0 ? down : up;
            }
            if (downReads) {
                return down;
            }
            if (upReads) {
                return up;
            }
        }
        return exact.round(new MathContext(17, RoundingMode.HALF_EVEN));
    }

    // ------------------------------------------------------------------ int(), float() and Heat's str_to_num

    /** Python's {@code int(text)} in base 10 (Unicode digits, underscores between digits), or null where Python raises ValueError. */
    public static BigInteger parseInt(String text) {
        String t = strip(text);
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
            if (!isDecimal(cp)) {
                return null;
            }
            digits.append((char) ('0' + Character.digit(cp, 10)));
            lastWasDigit = true;
        }
        if (!lastWasDigit) {
            return null;
        }
        BigInteger n = new BigInteger(digits.toString());
        return negative ? n.negate() : n;
    }

    /** Python's {@code float(text)} (also {@code inf}, {@code infinity}, {@code nan} in any case), or null where Python raises ValueError. */
    public static Double parseFloat(String text) {
        String t = strip(text);
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

    /** Reads {@code digit (["_"] digit)*} as ASCII digits; the count of digits read, or -1 if malformed. */
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

    /**
     * Python's {@code int(value)}: a bool is 0 or 1, a float is truncated, a string is read in base 10.
     *
     * @throws PyError ValueError for text that is not an integer or a NaN, OverflowError for an infinity,
     *                 TypeError for anything else, each with Python's message
     */
    public static BigInteger toInt(JsonNode value) {
        if (isInt(value)) {
            return intValue(value);
        }
        if (value != null && value.isNumber()) {
            double d = value.doubleValue();
            if (Double.isNaN(d)) {
                throw PyError.valueError("cannot convert float NaN to integer");
            }
            if (Double.isInfinite(d)) {
                throw PyError.overflowError("cannot convert float infinity to integer");
            }
            return new BigDecimal(d).toBigInteger();
        }
        if (value != null && value.isTextual()) {
            BigInteger n = parseInt(value.textValue());
            if (n == null) {
                throw PyError.valueError("invalid literal for int() with base 10: " + reprString(value.textValue()));
            }
            return n;
        }
        throw intArgumentError(value);
    }

    private static PyError intArgumentError(JsonNode value) {
        return PyError.typeError("int() argument must be a string, a bytes-like object or a real number, not '"
                + typeName(value) + "'");
    }

    /** A Python {@code int} as the smallest Jackson node that holds it. */
    public static JsonNode integer(BigInteger value) {
        if (value.bitLength() < 32) {
            return IntNode.valueOf(value.intValue());
        }
        if (value.bitLength() < 64) {
            return LongNode.valueOf(value.longValue());
        }
        return BigIntegerNode.valueOf(value);
    }

    /**
     * Heat's {@code Schema.str_to_num}: a number (a bool too: Python counts it as one) stays as it is, a
     * string becomes {@code int(s)} or else {@code float(s)}.
     *
     * @throws PyError ValueError ({@code could not convert string to float: 'x'}) for text that is no
     *                 number, TypeError ({@code int() argument must be ...}) for anything else
     */
    public static JsonNode strToNum(JsonNode value) {
        if (isNumber(value)) {
            return value;
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
            throw PyError.valueError("could not convert string to float: " + reprString(s));
        }
        throw intArgumentError(value);
    }

    // ------------------------------------------------------------------ booleans

    /** oslo.utils strutils: what {@code bool_from_string} takes as true and false. */
    private static final Set<String> TRUE_STRINGS = Set.of("1", "t", "true", "on", "y", "yes");
    private static final Set<String> FALSE_STRINGS = Set.of("0", "f", "false", "off", "n", "no");
    private static final String ACCEPTABLE_BOOLEANS =
            "'0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'";

    /**
     * oslo.utils {@code strutils.bool_from_string(value, strict=True)}: a bool as it is, anything else
     * through {@code str()}, stripped and lower-cased, must be one of the accepted words.
     *
     * @throws PyError ValueError for anything but the accepted words
     */
    public static boolean boolFromString(JsonNode value) {
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
        throw PyError.valueError("Unrecognized value '" + subject + "', acceptable values are: " + ACCEPTABLE_BOOLEANS);
    }

    // ------------------------------------------------------------------ strings

    /** Python's {@code len()} of a {@code str}: code points. */
    public static int len(String s) {
        return s.codePointCount(0, s.length());
    }

    /**
     * Python's {@code len(value)}: code points of a {@code str}, items of a list or dict.
     *
     * @throws PyError TypeError for a value without a length
     */
    public static int len(JsonNode value) {
        if (value != null && value.isTextual()) {
            return len(value.textValue());
        }
        if (value != null && value.isContainerNode()) {
            return value.size();
        }
        throw PyError.typeError("object of type '" + typeName(value) + "' has no len()");
    }

    /** Python's {@code s[:max]}: the first {@code max} code points. */
    public static String prefix(String s, int max) {
        return len(s) <= max ? s : s.substring(0, s.offsetByCodePoints(0, max));
    }

    /** Python's {@code str.isspace()} for one code point. */
    public static boolean isSpace(int cp) {
        return Character.isWhitespace(cp) || Character.isSpaceChar(cp) || cp == 0x85;
    }

    /** Python's {@code s.strip()}: removes Python's whitespace from both ends. */
    public static String strip(String s) {
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

    /** Python's {@code s.split(sep)} for a non-empty separator: exact, keeps empty parts ({@code s.split()} for null). */
    public static List<String> split(String s, String sep) {
        List<String> parts = new ArrayList<>();
        splitBounds(s, sep, (start, end) -> parts.add(s.substring(start, end)));
        return parts;
    }

    /** Python's {@code s.split()} (no separator): runs of whitespace, no empty parts. */
    public static List<String> splitWhitespace(String s) {
        return split(s, null);
    }

    /** How many parts {@link #split} ({@link #splitWhitespace} for a null separator) gives, none of them made. */
    public static int splitCount(String s, String sep) {
        return splitBounds(s, sep, (start, end) -> true);
    }

    /** The part at {@code index} of {@link #split} (of {@link #splitWhitespace} for a null separator), alone. */
    public static String splitPart(String s, String sep, int index) {
        String[] found = new String[1];
        int[] at = {0};
        splitBounds(s, sep, (start, end) -> {
            if (at[0]++ < index) {
                return true;
            }
            found[0] = s.substring(start, end);
            return false;
        });
        if (found[0] == null) {
            throw new IndexOutOfBoundsException("no part " + index);
        }
        return found[0];
    }

    /** Receives the bounds of one part of a split; returns whether to go on. */
    private interface PartBounds {
        boolean part(int start, int end);
    }

    /** Python's {@code s.split(sep)} (runs of whitespace for a null separator) as bounds; returns the parts seen. */
    private static int splitBounds(String s, String sep, PartBounds parts) {
        int count = 0;
        if (sep != null) {
            int from = 0;
            int at;
            while ((at = s.indexOf(sep, from)) >= 0) {
                count++;
                if (!parts.part(from, at)) {
                    return count;
                }
                from = at + sep.length();
            }
            parts.part(from, s.length());
            return count + 1;
        }
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
                count++;
                if (!parts.part(start, i)) {
                    return count;
                }
            }
        }
        return count;
    }

    /** Python's {@code s.replace(old, new)}, including an empty {@code old}. */
    public static String replace(String s, String old, String replacement) {
        if (!old.isEmpty()) {
            return s.replace(old, replacement);
        }
        StringBuilder out = new StringBuilder(replacement);
        s.codePoints().forEach(cp -> out.appendCodePoint(cp).append(replacement));
        return out.toString();
    }

    // ------------------------------------------------------------------ urllib.parse

    private static final String ALWAYS_SAFE =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-~";

    /** {@code urllib.parse.quote(s, safe)}: UTF-8, upper-case hex escapes. */
    public static String quote(String s, String safe) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c < 0x80 && (ALWAYS_SAFE.indexOf(c) >= 0 || safe.indexOf(c) >= 0)) {
                out.append((char) c);
            } else {
                out.append('%').append(String.format(Locale.ROOT, "%02X", c));
            }
        }
        return out.toString();
    }

    /** {@code urllib.parse.quote_plus(s, safe='')}: spaces become '+'. */
    public static String quotePlus(String s) {
        return quote(s, " ").replace(' ', '+');
    }

    // ------------------------------------------------------------------ re

    /**
     * Python's {@code re.compile(pattern)} for Java: {@code (?P<name>...)} and {@code (?P=name)} become
     * Java's named groups, {@code \Z} becomes {@code \z}, and {@code \d}, {@code \w}, {@code \s} match
     * Unicode as they do for Python 3 strings.
     *
     * @throws java.util.regex.PatternSyntaxException for a pattern Java cannot compile
     */
    public static Pattern compilePattern(String python) {
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
}
