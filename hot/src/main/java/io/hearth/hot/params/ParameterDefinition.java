package io.hearth.hot.params;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One parameter as a HOT template declares it.
 *
 * @param name         the parameter's name
 * @param path         where it is in the template, {@code parameters.<name>}
 * @param type         its type; null when the definition names none or one Heat does not know
 *                     (a problem says so), and then no value is resolved for it
 * @param label        its {@code label}, or null
 * @param description  its {@code description}, or null
 * @param defaultValue its {@code default} as written, or null when it has none (an explicit
 *                     {@code null} counts as none, as in Heat); without one the parameter is
 *                     required
 * @param hidden       whether its value is masked when shown (Python truthiness of
 *                     {@code hidden}, as in Heat)
 * @param immutable    whether a stack update may change its value
 * @param tags         its {@code tags} (HOT 2018-03-02 and later), empty when it has none
 * @param constraints  the constraints Heat applies to its values: those that parsed and are valid
 *                     for the type, in template order
 * @param defaultValid false when the template's default breaks one of the constraints (a problem
 *                     says so); such a default is not used as a value
 */
public record ParameterDefinition(String name, String path, ParameterType type, String label, String description,
        JsonNode defaultValue, boolean hidden, boolean immutable, List<String> tags,
        List<ParameterConstraint> constraints, boolean defaultValid) {

    public ParameterDefinition {
        tags = List.copyOf(tags);
        constraints = List.copyOf(constraints);
    }

    /** Whether a value must be given: the template has no default for it. */
    public boolean required() {
        return defaultValue == null;
    }

    /** The label to show: its label, or its name when it has none (Heat's {@code Parameter.label()}). */
    public String labelOrName() {
        return label == null || label.isEmpty() ? name : label;
    }
}
