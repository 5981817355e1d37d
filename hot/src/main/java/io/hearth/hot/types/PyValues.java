package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import java.util.Locale;

/**
 * Heat's conversion of a property value to its schema type ({@code Property._get_string},
 * {@code _get_integer}, {@code _get_bool} and {@code Schema.str_to_num}), with Heat's messages when it
 * fails. The Python underneath ({@code int()}, {@code float()}, {@code str()}, {@code repr()}) is
 * {@link Py}'s.
 */
final class PyValues {

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


    /**
     * Heat's {@code Property._get_integer}: Python's {@code int(value)}, where a ValueError becomes
     * {@code Value '...' is not an integer} and a TypeError keeps Python's message.
     */
    static Converted toInteger(JsonNode value) {
        try {
            return Converted.ok(value.isIntegralNumber() ? value : Py.integer(Py.toInt(value)));
        } catch (PyError e) {
            return Converted.fail(e.isTypeError() ? e.getMessage() : "Value '" + Py.str(value) + "' is not an integer");
        }
    }

    /** Heat's {@code Schema.str_to_num}: a number as is, a string through {@code int()} then {@code float()}. */
    static Converted toNumber(JsonNode value) {
        try {
            return Converted.ok(Py.strToNum(value));
        } catch (PyError e) {
            return Converted.fail(e.getMessage());
        }
    }

    /** Heat's {@code Property._get_string}: a str, or a bool or int turned into one. */
    static Converted toStringValue(JsonNode value) {
        if (value.isTextual()) {
            return Converted.ok(value);
        }
        if (Py.isInt(value)) {
            return Converted.ok(TextNode.valueOf(Py.str(value)));
        }
        return Converted.fail("Value must be a string; got " + Py.repr(value));
    }

    /** Heat's {@code Property._get_bool}: a bool, or the strings true/false in any case. */
    static Converted toBoolean(JsonNode value) {
        if (value.isBoolean()) {
            return Converted.ok(value);
        }
        if (value.isTextual()) {
            String normalised = value.textValue().toLowerCase(Locale.ROOT);
            if (normalised.equals("true") || normalised.equals("false")) {
                return Converted.ok(BooleanNode.valueOf(normalised.equals("true")));
            }
            return Converted.fail("\"" + normalised + "\" is not a valid boolean");
        }
        return Converted.fail("\"" + Py.str(value) + "\" is not a valid boolean");
    }
}
