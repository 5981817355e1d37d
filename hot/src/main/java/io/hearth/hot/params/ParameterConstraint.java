package io.hearth.hot.params;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * One entry of a parameter's {@code constraints}, as Heat reads it
 * ({@code heat/engine/hot/parameters.py}, {@code heat/engine/constraints.py}). An entry holds
 * one kind of constraint; when it names several, Heat takes the first of {@code modulo} (HOT
 * 2017-02-24 and later), {@code range}, {@code length}, {@code allowed_values},
 * {@code allowed_pattern}, {@code custom_constraint} and ignores the rest.
 */
public sealed interface ParameterConstraint {

    /** Where the constraint is, e.g. {@code parameters.db_port.constraints[0].range}. */
    String path();

    /**
     * The entry's {@code description}, which replaces Heat's own message when a value breaks
     * the constraint; null when there is none (or it is empty, which Heat treats as none).
     */
    String description();

    /** The key in the template: {@code range}, {@code length}, ... */
    String key();

    /** The name Heat gives the constraint in messages ({@code Range}, {@code AllowedValues}, ...). */
    String heatName();

    /** The parameter types it can apply to; on any other Heat says "X constraint invalid for type". */
    Set<ParameterType> appliesTo();

    /** {@code range: {min, max}}: numbers; each bound is a number or null. */
    record Range(String path, String description, JsonNode min, JsonNode max) implements ParameterConstraint {
        @Override
        public String key() {
            return "range";
        }

        @Override
        public String heatName() {
            return "Range";
        }

        @Override
        public Set<ParameterType> appliesTo() {
            return EnumSet.of(ParameterType.NUMBER);
        }
    }

    /** {@code length: {min, max}}: the length of a string, a list or a json value; integral bounds. */
    record Length(String path, String description, JsonNode min, JsonNode max) implements ParameterConstraint {
        @Override
        public String key() {
            return "length";
        }

        @Override
        public String heatName() {
            return "Length";
        }

        @Override
        public Set<ParameterType> appliesTo() {
            return EnumSet.of(ParameterType.STRING, ParameterType.COMMA_DELIMITED_LIST, ParameterType.JSON);
        }
    }

    /** {@code modulo: {step, offset}} (HOT 2017-02-24 and later): {@code value % step == offset}. */
    record Modulo(String path, String description, JsonNode step, JsonNode offset) implements ParameterConstraint {
        @Override
        public String key() {
            return "modulo";
        }

        @Override
        public String heatName() {
            return "Modulo";
        }

        @Override
        public Set<ParameterType> appliesTo() {
            return EnumSet.of(ParameterType.NUMBER);
        }
    }

    /** {@code allowed_values: [...]}; for a list, every item must be allowed. */
    record AllowedValues(String path, String description, List<JsonNode> allowed) implements ParameterConstraint {
        public AllowedValues {
            allowed = List.copyOf(allowed);
        }

        @Override
        public String key() {
            return "allowed_values";
        }

        @Override
        public String heatName() {
            return "AllowedValues";
        }

        @Override
        public Set<ParameterType> appliesTo() {
            return EnumSet.of(ParameterType.STRING, ParameterType.NUMBER, ParameterType.BOOLEAN,
                    ParameterType.COMMA_DELIMITED_LIST);
        }
    }

    /**
     * {@code allowed_pattern: regex}: the whole value must match, Python's
     * {@code re.match(pattern, value)} ending at the end of the value.
     *
     * @param pattern  the pattern as written (Python syntax)
     * @param compiled the pattern for Java
     */
    record AllowedPattern(String path, String description, String pattern, Pattern compiled)
            implements ParameterConstraint {
        @Override
        public String key() {
            return "allowed_pattern";
        }

        @Override
        public String heatName() {
            return "AllowedPattern";
        }

        @Override
        public Set<ParameterType> appliesTo() {
            return EnumSet.of(ParameterType.STRING);
        }
    }

    /**
     * {@code custom_constraint: name}: a check Heat delegates to a plugin, most of them asking an
     * OpenStack service (nova.flavor, glance.image, ...). Hearth has no OpenStack: these are
     * accepted and reported as not checked. A name Heat does not register fails every value, as
     * in Heat ({@code "x" does not validate foo (constraint not found)}).
     */
    record CustomConstraint(String path, String description, String name, Support support)
            implements ParameterConstraint {
        @Override
        public String key() {
            return "custom_constraint";
        }

        @Override
        public String heatName() {
            return "CustomConstraint";
        }

        @Override
        public Set<ParameterType> appliesTo() {
            return EnumSet.of(ParameterType.STRING, ParameterType.NUMBER, ParameterType.BOOLEAN,
                    ParameterType.COMMA_DELIMITED_LIST);
        }
    }

    /** What Hearth can do with a custom constraint. */
    enum Support {
        /** It asks an OpenStack service (nova, glance, neutron, ...); not checked. */
        NEEDS_OPENSTACK,
        /** One of Heat's own checks (ip_addr, net_cidr, ...) that Hearth does not implement; not checked. */
        NOT_CHECKED,
        /** Not a constraint Heat registers: every value fails, as in Heat. */
        UNKNOWN
    }
}
