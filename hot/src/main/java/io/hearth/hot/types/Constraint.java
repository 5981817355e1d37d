package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.py.Py;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;

/**
 * A constraint on a property's value, as Heat's {@code heat/engine/constraints.py} declares them.
 * Each one checks a value that already has the property's type (after Heat's conversion) and, when
 * the value breaks it, answers Heat's message: the constraint's own description when it has one,
 * otherwise the constraint's standard message.
 */
public sealed interface Constraint {

    /** The constraint's description, or null; when set, Heat shows it instead of the standard message. */
    String description();

    /** The key Heat serialises the constraint under: {@code range}, {@code allowed_values}, ... */
    String name();

    /** The constraint's value as Heat's API shows it under {@link #name()}. */
    JsonNode value();

    /**
     * Checks a value already converted to the property's type.
     *
     * @return Heat's message when the value breaks the constraint
     */
    Optional<String> check(JsonNode value, PropertyType type);

    /** The constraint as {@code GET /resource_types/{type}} shows it, e.g. {@code {"range": {"min": 1}}}. */
    default ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (description() != null) {
            node.put("description", description());
        }
        node.set(name(), value());
        return node;
    }

    /** Heat's {@code Constraint.validate}: the description when set, else the standard message. */
    private static Optional<String> fail(String description, String standard) {
        return Optional.of(description != null ? description : standard);
    }

    // ------------------------------------------------------------------ factories

    static AllowedValues allowedValues(Object... allowed) {
        ArrayNode values = JsonNodeFactory.instance.arrayNode();
        for (Object a : allowed) {
            values.add(toNode(a));
        }
        return new AllowedValues(values, null);
    }

    static Range range(Number min, Number max) {
        return new Range(min, max, null);
    }

    static Length length(Integer min, Integer max) {
        return new Length(min, max, null);
    }

    static CustomConstraint custom(String name) {
        return new CustomConstraint(name, null);
    }

    private static JsonNode toNode(Object o) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (o instanceof String s) {
            return f.textNode(s);
        }
        if (o instanceof Integer i) {
            return f.numberNode(i);
        }
        if (o instanceof Long l) {
            return f.numberNode(l);
        }
        if (o instanceof Double d) {
            return f.numberNode(d);
        }
        if (o instanceof Boolean b) {
            return f.booleanNode(b);
        }
        throw new IllegalArgumentException("allowed value " + o);
    }

    // ------------------------------------------------------------------ kinds

    /** {@code AllowedValues}: the value (or, for a list, each of its items) is one of a set. */
    record AllowedValues(ArrayNode allowed, String description) implements Constraint {

        @Override
        public String name() {
            return "allowed_values";
        }

        @Override
        public JsonNode value() {
            return allowed.deepCopy();
        }

        public List<String> allowedAsText() {
            java.util.ArrayList<String> out = new java.util.ArrayList<>();
            allowed.forEach(a -> out.add(Py.str(a)));
            return out;
        }

        @Override
        public Optional<String> check(JsonNode value, PropertyType type) {
            boolean valid;
            if (value.isArray()) {
                // "For list values, check if all elements of the list are contained in allowed list."
                // Items that are still intrinsic functions resolve later and are not checked.
                valid = true;
                for (JsonNode item : value) {
                    if (!IntrinsicFunctions.isFunction(item) && !contains(item, null)) {
                        valid = false;
                    }
                }
            } else {
                valid = contains(value, type);
            }
            if (valid) {
                return Optional.empty();
            }
            return fail(description, "\"" + Py.str(value) + "\" is not an allowed value ["
                    + String.join(", ", allowedAsText()) + "]");
        }

        /** Heat compares after converting both sides to the schema's type ({@code Schema.to_schema_type}). */
        private boolean contains(JsonNode value, PropertyType type) {
            for (JsonNode a : allowed) {
                if (type == PropertyType.STRING) {
                    if (Py.str(a).equals(Py.str(value))) {
                        return true;
                    }
                } else if (Py.eq(a, value)) {
                    return true;
                }
            }
            return false;
        }
    }

    /** {@code Range}: a number between min and max (either may be absent). */
    record Range(Number min, Number max, String description) implements Constraint {

        public Range {
            if (min == null && max == null) {
                throw new IllegalArgumentException("A range constraint must have a min value and/or a max value");
            }
        }

        @Override
        public String name() {
            return "range";
        }

        @Override
        public JsonNode value() {
            return bounds(min, max);
        }

        @Override
        public Optional<String> check(JsonNode value, PropertyType type) {
            if (!Py.isNumber(value) && !value.isTextual()) {
                return Optional.empty();
            }
            JsonNode number = value.isTextual() ? PyValues.toNumber(value).value() : value;
            if (number == null || inRange(number, min, max)) {
                return Optional.empty();
            }
            return fail(description, Py.str(number) + " is out of range (min: " + Py.str(number(min)) + ", max: "
                    + Py.str(number(max)) + ")");
        }
    }

    /** {@code Length}: the length of a string, list or map between min and max. */
    record Length(Integer min, Integer max, String description) implements Constraint {

        public Length {
            if (min == null && max == null) {
                throw new IllegalArgumentException("A length constraint must have a min value and/or a max value");
            }
        }

        @Override
        public String name() {
            return "length";
        }

        @Override
        public JsonNode value() {
            return bounds(min, max);
        }

        @Override
        public Optional<String> check(JsonNode value, PropertyType type) {
            if (!value.isTextual() && !value.isContainerNode()) {
                return Optional.empty();
            }
            int length = Py.len(value);
            if (inRange(JsonNodeFactory.instance.numberNode(length), min, max)) {
                return Optional.empty();
            }
            return fail(description, "length (" + length + ") is out of range (min: " + Py.str(number(min)) + ", max: "
                    + Py.str(number(max)) + ")");
        }
    }

    /** {@code AllowedPattern}: a string that a regular expression matches from its start to its end. */
    record AllowedPattern(String pattern, String description) implements Constraint {

        @Override
        public String name() {
            return "allowed_pattern";
        }

        @Override
        public JsonNode value() {
            return JsonNodeFactory.instance.textNode(pattern);
        }

        @Override
        public Optional<String> check(JsonNode value, PropertyType type) {
            if (!value.isTextual()) {
                return Optional.empty();
            }
            // Heat: re.match(pattern, value) and the match ends at the end of the value.
            Matcher m = Py.compilePattern(pattern).matcher(value.textValue());
            if (m.lookingAt() && m.end() == value.textValue().length()) {
                return Optional.empty();
            }
            return fail(description, "\"" + value.textValue() + "\" does not match pattern \"" + pattern + "\"");
        }
    }

    /**
     * {@code CustomConstraint} (e.g. {@code glance.image}, {@code nova.flavor}): Heat asks the cloud's
     * services. Hearth has no Glance, Nova or Neutron to ask, so these are recorded (and shown in the
     * schema) but never checked.
     */
    record CustomConstraint(String constraintName, String description) implements Constraint {

        @Override
        public String name() {
            return "custom_constraint";
        }

        @Override
        public JsonNode value() {
            return JsonNodeFactory.instance.textNode(constraintName);
        }

        @Override
        public Optional<String> check(JsonNode value, PropertyType type) {
            return Optional.empty();
        }
    }

    private static ObjectNode bounds(Number min, Number max) {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (min != null) {
            node.set("min", number(min));
        }
        if (max != null) {
            node.set("max", number(max));
        }
        return node;
    }

    /** A bound as the Python number Heat holds: a float for a Double or Float, else an int; null stays null. */
    private static JsonNode number(Number n) {
        if (n == null) {
            return null;
        }
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (n instanceof Double || n instanceof Float) {
            return f.numberNode(n.doubleValue());
        }
        return n.longValue() == n.intValue() ? f.numberNode(n.intValue()) : f.numberNode(n.longValue());
    }

    /** Heat's {@code Range._is_valid}: not {@code value < min} and not {@code value > max} (so NaN passes). */
    private static boolean inRange(JsonNode value, Number min, Number max) {
        Integer belowMin = min == null ? null : Py.compare(value, number(min));
        Integer aboveMax = max == null ? null : Py.compare(value, number(max));
        return (belowMin == null || belowMin >= 0) && (aboveMax == null || aboveMax <= 0);
    }
}
