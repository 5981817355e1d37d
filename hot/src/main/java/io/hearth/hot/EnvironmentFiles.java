package io.hearth.hot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.hot.params.ParameterType;
import io.hearth.hot.py.Py;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * A request's {@code environment_files} merged in order into its environment, as Heat's
 * {@code heat/common/environment_util.py} {@code merge_environments} does: each file's
 * {@code parameters} and {@code parameter_defaults} are merged by the strategy its
 * {@code parameter_merge_strategies} names for the parameter ({@code overwrite}, the default;
 * {@code merge}: strings and lists joined, maps merged key by key; {@code deep_merge}: maps merged all the
 * way down), only for parameters the template declares (except into an empty section, which takes the
 * file's section as it is); every other section is merged key by key, a later file's key replacing an
 * earlier one's. A parameter may not change strategy from one file to the next.
 */
public final class EnvironmentFiles {

    /** Heat's strategies. */
    static final String OVERWRITE = "overwrite";
    static final String MERGE = "merge";
    static final String DEEP_MERGE = "deep_merge";
    private static final List<String> STRATEGIES = List.of(OVERWRITE, MERGE, DEEP_MERGE);
    private static final String STRATEGIES_SECTION = "parameter_merge_strategies";

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** One environment file, read. */
    public record Read(String name, ObjectNode document) {
    }

    /**
     * A refusal in Heat's words and type ({@code ConflictingMergeStrategyForParam},
     * {@code InvalidMergeStrategyForParam}: Heat's API maps neither, so it answers them 500; {@code ValueError}
     * is 400).
     */
    public static final class MergeException extends RuntimeException {
        private final String errorType;
        private final int status;

        MergeException(int status, String errorType, String message) {
            super(message);
            this.status = status;
            this.errorType = errorType;
        }

        public String errorType() {
            return errorType;
        }

        public int status() {
            return status;
        }
    }

    private EnvironmentFiles() {
    }

    /**
     * Merges the files into the environment, in order.
     *
     * @param environment the request's environment as Heat builds it when files are given: every section
     *                    present, the request's {@code parameters} in {@code parameters} (changed in place)
     * @param files       the files, read, in the request's order
     * @param types       the template's parameters and their types
     * @throws MergeException with Heat's type and message
     */
    public static void merge(ObjectNode environment, List<Read> files, Map<String, ParameterType> types) {
        Map<String, String> chosen = new HashMap<>();
        for (Read file : files) {
            ObjectNode document = file.document().deepCopy();
            JsonNode strategies = document.remove(STRATEGIES_SECTION);
            for (Iterator<Map.Entry<String, JsonNode>> it = document.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> section = it.next();
                if (!Py.truthy(section.getValue())) {
                    continue;
                }
                String key = section.getKey();
                if (key.equals("parameters") || key.equals("parameter_defaults")) {
                    environment.set(key, parameters(environment.get(key), section.getValue(), types, strategies,
                            chosen, file.name()));
                } else {
                    environment.set(key, mergeMap(environment.get(key), section.getValue(), false));
                }
            }
        }
    }

    /** Heat's {@code merge_parameters}. */
    private static JsonNode parameters(JsonNode old, JsonNode values, Map<String, ParameterType> types,
            JsonNode strategies, Map<String, String> chosen, String file) {
        values.fields().forEachRemaining(e -> {
            if (types.containsKey(e.getKey()) && !e.getValue().isNull()) {
                String strategy = strategy(strategies, e.getKey(), chosen);
                String before = chosen.putIfAbsent(e.getKey(), strategy);
                if (before != null && !before.equals(strategy)) {
                    throw new MergeException(500, "ConflictingMergeStrategyForParam", "Conflicting merge strategy '"
                            + strategy + "' for parameter '" + e.getKey() + "' in file '" + file + "'.");
                }
            }
        });
        if (!Py.truthy(old)) {
            return values.deepCopy();
        }
        ObjectNode into = (ObjectNode) old;
        values.fields().forEachRemaining(e -> {
            String key = e.getKey();
            if (types.containsKey(key) && !e.getValue().isNull()) {
                String strategy = chosen.get(key);
                if (strategy.equals(DEEP_MERGE) || strategy.equals(MERGE)) {
                    into.set(key, merged(key, into.get(key), e.getValue(), types.get(key),
                            strategy.equals(DEEP_MERGE)));
                } else {
                    into.set(key, e.getValue().deepCopy());
                }
            }
        });
        return into;
    }

    /**
     * Heat's {@code get_param_merge_strategy}: the parameter's, else an earlier file's, else the file's
     * default (a file without {@code parameter_merge_strategies} has none of its own).
     */
    private static String strategy(JsonNode strategies, String name, Map<String, String> chosen) {
        if (strategies == null || !strategies.isObject()) {
            return chosen.getOrDefault(name, OVERWRITE);
        }
        String fallback = strategies.has("default") ? strategies.get("default").asText() : OVERWRITE;
        String strategy = strategies.has(name) ? strategies.get(name).asText() : chosen.getOrDefault(name, fallback);
        return STRATEGIES.contains(strategy) ? strategy : fallback;
    }

    /** Heat's {@code param_merge}, with {@code parse_param} before it. */
    private static JsonNode merged(String name, JsonNode old, JsonNode value, ParameterType type, boolean deep) {
        JsonNode parsed = value;
        if (type == ParameterType.JSON) {
            parsed = HearthJson.readTree(value.isTextual() ? value.textValue() : HearthJson.write(value));
        } else if (!value.isTextual() && !value.isArray()) {
            throw new MergeException(400, "ValueError", "Invalid parameter in environment .");
        }
        return switch (type) {
            case JSON -> mergeMap(old == null ? JSON.objectNode() : old, parsed, deep);
            case COMMA_DELIMITED_LIST -> mergeList(old, parsed);
            case STRING -> text(old, parsed);
            case NUMBER -> throw new MergeException(400, "ValueError", "Invalid parameter in environment .");
            case BOOLEAN -> throw new MergeException(500, "InvalidMergeStrategyForParam",
                    "Invalid merge strategy '" + MERGE + "' for parameter '" + name + "'.");
        };
    }

    /** Heat's {@code merge_map}. */
    private static JsonNode mergeMap(JsonNode old, JsonNode values, boolean deep) {
        if (!Py.truthy(old) || !old.isObject() || !values.isObject()) {
            return Py.truthy(old) && !values.isObject() ? old : values.deepCopy();
        }
        ObjectNode into = (ObjectNode) old;
        values.fields().forEachRemaining(e -> {
            JsonNode value = e.getValue();
            JsonNode before = into.get(e.getKey());
            if (value.isNull()) {
                return;
            }
            if (!deep) {
                into.set(e.getKey(), value.deepCopy());
            } else if (value.isObject()) {
                into.set(e.getKey(), Py.truthy(before) ? mergeMap(before, value, true) : value.deepCopy());
            } else if (value.isArray()) {
                into.set(e.getKey(), Py.truthy(before) ? mergeList(before, value) : value.deepCopy());
            } else if (value.isTextual()) {
                into.set(e.getKey(), text(before, value));
            } else {
                into.set(e.getKey(), value.deepCopy());
            }
        });
        return into;
    }

    /** Heat's {@code merge_list}: lists joined, comma-delimited strings joined with a comma. */
    private static JsonNode mergeList(JsonNode old, JsonNode value) {
        if (!Py.truthy(old)) {
            return value.deepCopy();
        }
        if (value.isArray() && old.isArray()) {
            return JSON.arrayNode().addAll((ArrayNode) old.deepCopy())
                    .addAll((ArrayNode) value.deepCopy());
        }
        if (value.isTextual() && old.isTextual()) {
            return TextNode.valueOf(old.textValue() + "," + value.textValue());
        }
        throw new MergeException(400, "ValueError", "Invalid parameter in environment .");
    }

    private static JsonNode text(JsonNode old, JsonNode value) {
        if (!value.isTextual() || (old != null && !old.isNull() && !old.isTextual())) {
            throw new MergeException(400, "ValueError", "Invalid parameter in environment .");
        }
        return TextNode.valueOf((old == null || old.isNull() ? "" : old.textValue()) + value.textValue());
    }
}
