package io.hearth.hot.params;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.BooleanNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.hot.params.ParameterConstraint.AllowedPattern;
import io.hearth.hot.params.ParameterConstraint.AllowedValues;
import io.hearth.hot.params.ParameterConstraint.CustomConstraint;
import io.hearth.hot.params.ParameterConstraint.Length;
import io.hearth.hot.params.ParameterConstraint.Modulo;
import io.hearth.hot.params.ParameterConstraint.Range;
import io.hearth.hot.params.ParameterConstraint.Support;
import io.hearth.hot.py.Py;
import io.hearth.hot.py.PyError;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.stream.Collectors;

/** Checks values against constraints as Heat's {@code heat/engine/constraints.py} does. */
final class Constraints {

    private Constraints() {
    }

    /** Heat's own custom constraints that need no OpenStack service (its setup.cfg). */
    static final Set<String> HEAT_COMMON = Set.of("cron_expression", "dns_domain", "dns_name", "expiration",
            "rel_dns_name", "ip_addr", "iso_8601", "mac_addr", "net_cidr", "test_constr", "timezone");

    /** OpenStack services whose client plugins register custom constraints named {@code service.thing}. */
    static final Set<String> OPENSTACK_SERVICES = Set.of("aodh", "barbican", "blazar", "cinder", "designate",
            "glance", "heat", "ironic", "keystone", "magnum", "manila", "mistral", "monasca", "neutron", "nova",
            "octavia", "sahara", "senlin", "swift", "trove", "vitrage", "zaqar", "zun");

    static Support support(String name) {
        if (HEAT_COMMON.contains(name)) {
            return Support.NOT_CHECKED;
        }
        int dot = name.indexOf('.');
        if (dot > 0 && dot < name.length() - 1 && OPENSTACK_SERVICES.contains(name.substring(0, dot))) {
            return Support.NEEDS_OPENSTACK;
        }
        return Support.UNKNOWN;
    }

    /**
     * Heat's {@code Constraint.validate(value, schema)}: null when the value passes, otherwise
     * the constraint's description or Heat's message for it. A custom constraint Hearth cannot
     * check passes.
     *
     * @param value the value as Heat checks it: the raw value for string, number and boolean
     *              parameters, the parsed list or json value for the others
     * @throws PyError where Python raises while checking (e.g. {@code len()} of a number); Heat
     *                  then reports Python's message, not the description
     */
    static String failure(ParameterConstraint constraint, JsonNode value, ParameterType type) {
        if (isValid(constraint, value, type)) {
            return null;
        }
        return constraint.description() != null ? constraint.description() : message(constraint, value);
    }

    private static boolean isValid(ParameterConstraint constraint, JsonNode value, ParameterType type) {
        if (constraint instanceof Length length) {
            return inRange(IntNode.valueOf(Py.len(value)), length.min(), length.max());
        }
        if (constraint instanceof Range range) {
            return inRange(Py.strToNum(value), range.min(), range.max());
        }
        if (constraint instanceof Modulo modulo) {
            JsonNode remainder = Py.mod(Py.strToNum(value), Py.strToNum(modulo.step()));
            return Py.eq(remainder, modulo.offset());
        }
        if (constraint instanceof AllowedValues allowedValues) {
            return isAllowed(allowedValues.allowed(), value, type);
        }
        if (constraint instanceof AllowedPattern allowedPattern) {
            if (!value.isTextual()) {
                throw PyError.typeError("expected string or bytes-like object, got '" + Py.typeName(value) + "'");
            }
            Matcher matcher = allowedPattern.compiled().matcher(value.textValue());
            return matcher.lookingAt() && matcher.end() == value.textValue().length();
        }
        if (constraint instanceof CustomConstraint custom) {
            return custom.support() != Support.UNKNOWN;
        }
        throw new IllegalStateException("unknown constraint " + constraint);
    }

    private static boolean inRange(JsonNode number, JsonNode min, JsonNode max) {
        if (min != null) {
            Integer c = Py.compare(number, min);
            if (c != null && c < 0) {
                return false;
            }
        }
        if (max != null) {
            Integer c = Py.compare(number, max);
            return c == null || c <= 0;
        }
        return true;
    }

    private static boolean isAllowed(List<JsonNode> allowed, JsonNode value, ParameterType type) {
        if (value.isArray()) {
            for (JsonNode item : value) {
                if (allowed.stream().noneMatch(a -> Py.eq(item, a))) {
                    return false;
                }
            }
            return true;
        }
        List<JsonNode> converted = new ArrayList<>();
        for (JsonNode a : allowed) {
            converted.add(toSchemaType(a, type));
        }
        JsonNode v = toSchemaType(value, type);
        return converted.stream().anyMatch(a -> Py.eq(v, a));
    }

    /** Heat's {@code Schema.to_schema_type}: the value in the parameter's type, for comparison. */
    private static JsonNode toSchemaType(JsonNode value, ParameterType type) {
        try {
            switch (type) {
                case NUMBER:
                    return Py.strToNum(value);
                case STRING:
                    return TextNode.valueOf(Py.str(value));
                case BOOLEAN:
                    return BooleanNode.valueOf(Py.boolFromString(TextNode.valueOf(Py.str(value))));
                default:
                    return value;
            }
        } catch (PyError e) {
            if (e.isTypeError()) {
                throw e;
            }
            throw PyError.valueError("Value \"" + Py.str(value) + "\" is invalid for data type \""
                    + type.hotName() + "\".");
        }
    }

    /** Heat's {@code _err_msg(value)} for each kind of constraint. */
    private static String message(ParameterConstraint constraint, JsonNode value) {
        if (constraint instanceof Length length) {
            return "length (" + Py.len(value) + ") is out of range (min: " + Py.str(length.min()) + ", max: "
                    + Py.str(length.max()) + ")";
        }
        if (constraint instanceof Range range) {
            return Py.str(value) + " is out of range (min: " + Py.str(range.min()) + ", max: " + Py.str(range.max())
                    + ")";
        }
        if (constraint instanceof Modulo modulo) {
            // Heat's message really ends with an unmatched ")".
            return Py.str(value) + " is not a multiple of " + Py.str(modulo.step()) + " with an offset of "
                    + Py.str(modulo.offset()) + ")";
        }
        if (constraint instanceof AllowedValues allowedValues) {
            return "\"" + Py.str(value) + "\" is not an allowed value ["
                    + allowedValues.allowed().stream().map(Py::str).collect(Collectors.joining(", ")) + "]";
        }
        if (constraint instanceof AllowedPattern allowedPattern) {
            return "\"" + Py.str(value) + "\" does not match pattern \"" + allowedPattern.pattern() + "\"";
        }
        CustomConstraint custom = (CustomConstraint) constraint;
        return "\"" + Py.str(value) + "\" does not validate " + custom.name() + " (constraint not found)";
    }
}
