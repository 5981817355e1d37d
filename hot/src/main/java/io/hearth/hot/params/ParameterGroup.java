package io.hearth.hot.params;

import java.util.List;

/**
 * One entry of a template's {@code parameter_groups}: how a user interface should present the
 * parameters. Heat does not look at a group's {@code label} or {@code description}.
 *
 * @param label       the group's label, or null
 * @param description the group's description, or null
 * @param parameters  the names of the parameters in the group, in order
 */
public record ParameterGroup(String label, String description, List<String> parameters) {

    public ParameterGroup {
        parameters = List.copyOf(parameters);
    }
}
