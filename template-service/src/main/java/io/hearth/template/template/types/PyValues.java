package io.hearth.template.template.types;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BigIntegerNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.TextNode;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Heat's validation messages print values the way Python does ({@code str()} and {@code repr()} of
 * the parsed YAML/JSON), and convert them with Python's {@code int()}/{@code float()}. This class
 * reproduces that for Jackson trees, so Hearth's messages read exactly like Heat's.
 */
final class PyValues {

    private static final Pattern PY_INT = Pattern.compile("[+-]?\\d+(?:_\\d+)*");
    private static final Pattern PY_FLOAT = Pattern.compile(
            "[+-]?(?:(?:\\d+(?:_\\d+)*(?:\\.(?:\\d+(?:_\\d+)*)?)?|\\.\\d+(?:_\\d+)*)(?:[eE][+-]?\\d+(?:_\\d+)*)?"
                    + "|(?i:inf|infinity|nan))");

    private PyValues() {
    }

    /** A value after Heat's type conversion, or the message the conversion failed with. */
    record Converted(JsonNode value, String error) {
        static Converted ok(JsonNode value) {
            return new Converted(value, null);
        }

        static Converted fail(String error) {
            return new Converted(null, error);
        }

        boolean failed() {
            return error != null;
        }
    }

    // ---------------------------------------------------------------- str / repr

    /** Python's {@code str(value)}. */
    static String str(JsonNode value) {
        return value != null && value.isTextual() ? value.textValue() : repr(value);
    }

    /** Python's {@code repr(value)}. */
    static String repr(JsonNode value) {
        if (value == null || value.isNull() || value.isMissingNode()) {
            return "None";
        }
        if (value.isTextual()) {
            return reprString(value.textValue());
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
                if (i > 0) {
                    out.append(", ");
                }
                out.append(repr(value.get(i)));
            }
            return out.append(']').toString();
        }
        if (value.isObject()) {
            StringBuilder out = new StringBuilder("{");
            boolean first = true;
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!first) {
                    out.append(", ");
                }
                first = false;
                out.append(reprString(e.getKey())).append(": ").append(repr(e.getValue()));
            }
            return out.append('}').toString();
        }
        return value.toString();
    }

    /** Python's {@code repr()} of a str: single quotes unless the text holds one and no double quote. */
    static String reprString(String s) {
        char quote = s.indexOf('\'') >= 0 && s.indexOf('"') < 0 ? '"' : '\'';
        StringBuilder out = new StringBuilder().append(quote);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c == quote) {
                        out.append('\\').append(c);
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append(quote).toString();
    }

    /** Python's {@code repr(float)}: shortest digits, exponent form below 1e-4 and from 1e16 on. */
    static String floatRepr(double d) {
        if (Double.isNaN(d)) {
            return "nan";
        }
        if (Double.isInfinite(d)) {
            return d > 0 ? "inf" : "-inf";
        }
        if (d == 0) {
            return (1 / d < 0) ? "-0.0" : "0.0";
        }
        BigDecimal exact = new BigDecimal(Double.toString(d)).stripTrailingZeros();
        double abs = Math.abs(d);
        if (abs >= 1e-4 && abs < 1e16) {
            String plain = exact.toPlainString();
            return plain.contains(".") ? plain : plain + ".0";
        }
        String digits = exact.unscaledValue().abs().toString();
        int exponent = digits.length() - 1 - exact.scale();
        StringBuilder out = new StringBuilder();
        if (d < 0) {
            out.append('-');
        }
        out.append(digits.charAt(0));
        if (digits.length() > 1) {
            out.append('.').append(digits, 1, digits.length());
        }
        out.append('e').append(exponent < 0 ? '-' : '+');
        int e = Math.abs(exponent);
        out.append(e < 10 ? "0" + e : String.valueOf(e));
        return out.toString();
    }

    /** A number of a schema (a range bound) as Python prints it; null is {@code None}. */
    static String number(Number n) {
        if (n == null) {
            return "None";
        }
        if (n instanceof Double || n instanceof Float) {
            return floatRepr(n.doubleValue());
        }
        return n.toString();
    }

    /** Python's name of the type of a value that is neither a string nor a number. */
    static String typeName(JsonNode value) {
        if (value.isArray()) {
            return "list";
        }
        if (value.isObject()) {
            return "dict";
        }
        if (value.isNull()) {
            return "NoneType";
        }
        return "str";
    }

    // ---------------------------------------------------------------- conversions

    /** Python's {@code int(value)} as Heat's {@code Property._get_integer} uses it. */
    static Converted toInteger(JsonNode value) {
        if (value.isBoolean()) {
            return Converted.ok(JsonNodeFactory.instance.numberNode(value.booleanValue() ? 1 : 0));
        }
        if (value.isIntegralNumber()) {
            return Converted.ok(value);
        }
        if (value.isNumber()) {
            double d = value.doubleValue();
            if (Double.isNaN(d) || Double.isInfinite(d)) {
                return Converted.fail("Value '" + str(value) + "' is not an integer");
            }
            // int(1.9) == 1 in Python: Heat truncates a float given for an Integer property.
            return Converted.ok(BigIntegerNode.valueOf(new BigDecimal(d).toBigInteger()));
        }
        if (value.isTextual()) {
            String s = value.textValue().strip();
            if (PY_INT.matcher(s).matches()) {
                return Converted.ok(BigIntegerNode.valueOf(new BigInteger(s.replace("_", ""))));
            }
            return Converted.fail("Value '" + value.textValue() + "' is not an integer");
        }
        return Converted.fail("int() argument must be a string, a bytes-like object or a real number, not '"
                + typeName(value) + "'");
    }

    /** Heat's {@code Schema.str_to_num}: a number as is, a string through {@code int()} then {@code float()}. */
    static Converted toNumber(JsonNode value) {
        if (value.isNumber()) {
            return Converted.ok(value);
        }
        if (value.isBoolean()) {
            return Converted.ok(value);
        }
        if (value.isTextual()) {
            String s = value.textValue().strip();
            if (PY_INT.matcher(s).matches()) {
                return Converted.ok(BigIntegerNode.valueOf(new BigInteger(s.replace("_", ""))));
            }
            if (PY_FLOAT.matcher(s).matches()) {
                String lower = s.toLowerCase(java.util.Locale.ROOT).replace("_", "");
                double d;
                if (lower.endsWith("nan")) {
                    d = Double.NaN;
                } else if (lower.endsWith("inf") || lower.endsWith("infinity")) {
                    d = lower.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
                } else {
                    d = Double.parseDouble(lower);
                }
                return Converted.ok(DoubleNode.valueOf(d));
            }
            return Converted.fail("could not convert string to float: " + reprString(value.textValue()));
        }
        return Converted.fail("int() argument must be a string, a bytes-like object or a real number, not '"
                + typeName(value) + "'");
    }

    /** Heat's {@code Property._get_string}: a str, or a bool or int turned into one. */
    static Converted toStringValue(JsonNode value) {
        if (value.isTextual()) {
            return Converted.ok(value);
        }
        if (value.isBoolean() || value.isIntegralNumber()) {
            return Converted.ok(TextNode.valueOf(repr(value)));
        }
        return Converted.fail("Value must be a string; got " + repr(value));
    }

    /** Heat's {@code Property._get_bool}: a bool, or the strings true/false in any case. */
    static Converted toBoolean(JsonNode value) {
        if (value.isBoolean()) {
            return Converted.ok(value);
        }
        if (value.isTextual()) {
            String normalised = value.textValue().toLowerCase(java.util.Locale.ROOT);
            if (normalised.equals("true") || normalised.equals("false")) {
                return Converted.ok(JsonNodeFactory.instance.booleanNode(normalised.equals("true")));
            }
            return Converted.fail("\"" + normalised + "\" is not a valid boolean");
        }
        return Converted.fail("\"" + str(value) + "\" is not a valid boolean");
    }

    /** Compares two plain values as Python's {@code ==} would (numbers by value, bool equal to 0/1). */
    static boolean pyEquals(JsonNode a, JsonNode b) {
        if (a == null || b == null) {
            return a == b;
        }
        if (isNumeric(a) && isNumeric(b)) {
            return toBigDecimal(a).compareTo(toBigDecimal(b)) == 0;
        }
        return a.equals(b);
    }

    static boolean isNumeric(JsonNode n) {
        return n.isNumber() || n.isBoolean();
    }

    static BigDecimal toBigDecimal(JsonNode n) {
        if (n.isBoolean()) {
            return n.booleanValue() ? BigDecimal.ONE : BigDecimal.ZERO;
        }
        if (n.isIntegralNumber()) {
            return new BigDecimal(n.bigIntegerValue());
        }
        return new BigDecimal(Double.toString(n.doubleValue()));
    }
}
