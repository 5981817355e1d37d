package io.hearth.template.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.CfnOutline;
import io.hearth.hot.HeatEnvironment;
import io.hearth.hot.read.SourceMap;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * What a request defines for a stack, read and outlined but not yet planned.
 *
 * @param template    the template, its outline checked
 * @param sources     where each value of the template came from when it was sent as text, else null
 * @param environment the environment as Heat keeps it ({@link HeatEnvironment}), the request's
 *                    parameters merged into its {@code parameters}
 * @param files       the files {@code get_file} may read, by name
 */
public record StackDefinition(JsonNode template, SourceMap sources, ObjectNode environment,
        Map<String, String> files) {

    public StackDefinition {
        files = files == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(files));
    }

    /** The names of the parameters the template declares. */
    public Set<String> declaredParameters() {
        Set<String> names = new TreeSet<>();
        JsonNode parameters = CfnOutline.hot(template).get("parameters");
        if (parameters != null && parameters.isObject()) {
            parameters.fieldNames().forEachRemaining(names::add);
        }
        return names;
    }
}
