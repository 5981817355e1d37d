package io.hearth.hot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.hot.TemplateProblem;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A stack's environment as Heat keeps it ({@code heat/common/environment_format.py},
 * {@code heat/engine/environment.py}): every section present ({@code parameters},
 * {@code parameter_defaults}, {@code resource_registry}, {@code event_sinks},
 * {@code encrypted_param_names}), with the request's {@code parameters} merged into the
 * environment's {@code parameters} (Heat's {@code InstantiationData.environment()}), so that the
 * stored environment alone says which values the user gave.
 */
public final class HeatEnvironment {

    /** The sections an environment may have. */
    public static final List<String> SECTIONS = List.of("parameters", "resource_registry", "parameter_defaults",
            "encrypted_param_names", "event_sinks", "parameter_merge_strategies");

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private HeatEnvironment() {
    }

    /**
     * Heat's {@code environment_format.validate} of an environment sent as a JSON object: known
     * sections only, none of them null.
     */
    public static List<TemplateProblem> check(JsonNode environment) {
        List<TemplateProblem> problems = new ArrayList<>();
        if (!environment.isObject()) {
            problems.add(new TemplateProblem("", "The environment is not a valid YAML mapping data type."));
            return problems;
        }
        environment.fieldNames().forEachRemaining(section -> {
            if (!SECTIONS.contains(section)) {
                problems.add(new TemplateProblem(section, "environment has wrong section \"" + section
                        + "\"; the sections are " + SECTIONS.stream().sorted().toList()));
            } else if (environment.get(section).isNull()) {
                problems.add(new TemplateProblem(section, "environment has empty section \"" + section + "\""));
            }
        });
        return problems;
    }

    /**
     * The environment Heat builds from a request: the request's environment (or none) with every
     * missing section defaulted and the request's parameters merged into its {@code parameters}.
     * A {@code parameters} section that is not a mapping is kept as it is (planning reports it).
     *
     * @param environment the request's environment, already read; may be null
     * @param parameters  the request's {@code parameters}; may be null
     */
    public static ObjectNode of(JsonNode environment, Map<String, JsonNode> parameters) {
        ObjectNode env = environment != null && environment.isObject() ? ((ObjectNode) environment).deepCopy()
                : JSON.objectNode();
        withDefaults(env);
        if (parameters != null && env.get("parameters").isObject()) {
            ObjectNode values = (ObjectNode) env.get("parameters");
            parameters.forEach(values::set);
        }
        return env;
    }

    /**
     * Heat's PATCH update ({@code existing}): the stack's environment with its parameters minus
     * {@code clearParameters}, then the request's environment loaded over it ({@code parameters} and
     * {@code parameter_defaults} merged, {@code resource_registry} merged entry by entry, a null entry
     * removing one), then every parameter the new template does not declare dropped.
     *
     * @param stored          the stack's environment as stored (may be null for a stack stored without one)
     * @param snippet         the request's environment, as {@link #of} made it
     * @param clearParameters names whose stored values are forgotten
     * @param declared        the parameters the new template declares
     */
    public static ObjectNode patch(JsonNode stored, ObjectNode snippet, Collection<String> clearParameters,
            Set<String> declared) {
        ObjectNode env = of(stored, null);
        if (env.get("parameters").isObject()) {
            clearParameters.forEach(((ObjectNode) env.get("parameters"))::remove);
        }
        merge(env, "parameters", snippet.get("parameters"));
        merge(env, "parameter_defaults", snippet.get("parameter_defaults"));
        mergeRegistry(env, snippet.get("resource_registry"));
        if (snippet.get("event_sinks").isArray() && !snippet.get("event_sinks").isEmpty()) {
            env.set("event_sinks", snippet.get("event_sinks").deepCopy());
        }
        if (env.get("parameters").isObject()) {
            Iterator<String> names = env.get("parameters").fieldNames();
            while (names.hasNext()) {
                if (!declared.contains(names.next())) {
                    names.remove();
                }
            }
        }
        return env;
    }

    /**
     * The environment as template-validate shows it (Heat's {@code user_env_as_dict}): the
     * resource registry (with its {@code resources} section), parameters, parameter defaults and
     * event sinks.
     */
    public static ObjectNode userView(ObjectNode environment) {
        ObjectNode view = JSON.objectNode();
        JsonNode registry = environment.get("resource_registry");
        ObjectNode shown = registry != null && registry.isObject() ? ((ObjectNode) registry).deepCopy()
                : JSON.objectNode();
        if (!shown.has("resources")) {
            shown.set("resources", JSON.objectNode());
        }
        view.set("resource_registry", shown);
        view.set("parameters", environment.get("parameters"));
        view.set("parameter_defaults", environment.get("parameter_defaults"));
        view.set("event_sinks", environment.get("event_sinks"));
        return view;
    }

    /** Heat's {@code default_for_missing}. */
    private static void withDefaults(ObjectNode env) {
        for (String section : SECTIONS) {
            if (!env.has(section) && !section.equals("parameter_merge_strategies")) {
                env.set(section, section.equals("encrypted_param_names") || section.equals("event_sinks")
                        ? JSON.arrayNode() : JSON.objectNode());
            }
        }
    }

    private static void merge(ObjectNode env, String section, JsonNode values) {
        if (values == null || !values.isObject() || !env.get(section).isObject()) {
            if (values != null && !values.isObject()) {
                env.set(section, values.deepCopy()); // planning reports a section that is not a mapping
            }
            return;
        }
        ObjectNode into = (ObjectNode) env.get(section);
        values.fields().forEachRemaining(e -> into.set(e.getKey(), e.getValue().deepCopy()));
    }

    private static void mergeRegistry(ObjectNode env, JsonNode registry) {
        if (registry == null || !registry.isObject() || !env.get("resource_registry").isObject()) {
            if (registry != null && !registry.isObject()) {
                env.set("resource_registry", registry.deepCopy());
            }
            return;
        }
        mergeEntries((ObjectNode) env.get("resource_registry"), registry);
    }

    /** Merges registry entries; mappings (the {@code resources} section, a resource's hooks) merge too. */
    private static void mergeEntries(ObjectNode into, JsonNode entries) {
        entries.fields().forEachRemaining(e -> {
            JsonNode current = into.get(e.getKey());
            if (e.getValue().isNull()) {
                into.remove(e.getKey());
            } else if (e.getValue().isObject() && current != null && current.isObject()) {
                mergeEntries((ObjectNode) current, e.getValue());
            } else {
                into.set(e.getKey(), e.getValue().deepCopy());
            }
        });
    }
}
