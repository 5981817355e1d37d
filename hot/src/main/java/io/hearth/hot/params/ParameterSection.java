package io.hearth.hot.params;

import io.hearth.hot.TemplateProblem;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code parameters} and {@code parameter_groups} sections of a HOT template, parsed and
 * checked the way Heat checks them before any value is given (its parameter schemas, the
 * validity of each constraint for its parameter's type, each default against its constraints,
 * and the parameter groups).
 *
 * @param templateVersion the template's {@code heat_template_version}, or null
 * @param parameters      each parameter by name, in template order
 * @param groups          the parameter groups, in order
 * @param problems        every problem found; the template is unusable unless this is empty
 * @param warnings        things that are not wrong but were not checked, e.g. custom constraints
 *                        that need OpenStack services
 */
public record ParameterSection(String templateVersion, Map<String, ParameterDefinition> parameters,
        List<ParameterGroup> groups, List<TemplateProblem> problems, List<TemplateProblem> warnings) {

    public ParameterSection {
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        groups = List.copyOf(groups);
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
    }

    /** Whether no problem was found. */
    public boolean isValid() {
        return problems.isEmpty();
    }
}
