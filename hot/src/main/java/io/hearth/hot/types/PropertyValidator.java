package io.hearth.hot.types;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.hearth.hot.TemplateProblem;
import io.hearth.hot.py.Py;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Validates a resource's {@code properties} against its type's schema the way Heat's
 * {@code Properties.validate()} does, with Heat's messages, but reporting every problem instead of
 * stopping at the first.
 *
 * <p>Paths follow Heat's: a problem with a value is reported at the value
 * ({@code resources.cfg.properties.inputs[0].type}); an unknown or missing property is reported at
 * the map that holds it ({@code resources.cfg.properties.inputs[0]: Unknown Property foo},
 * {@code resources.dep.properties: Property server not assigned}).
 *
 * <p>A value that is still an intrinsic function ({@link IntrinsicFunctions}) resolves later and is
 * not type-checked; neither are items or entries that are functions. A {@code null} value counts as
 * not given (Heat drops properties whose value resolves to null), so a required property set to
 * null is "not assigned".
 */
public final class PropertyValidator {

    private PropertyValidator() {
    }

    /**
     * Validates the properties of resource {@code resourceName} of the given (already mapped) type.
     *
     * @param properties the resource's {@code properties}; null or missing when it has none
     */
    public static List<TemplateProblem> validate(ResourceType type, String resourceName, JsonNode properties) {
        return validate(type, resourceName, properties, "resources." + resourceName);
    }

    /**
     * As {@link #validate(ResourceType, String, JsonNode)}, for a resource at another path (e.g. the
     * member definition of a group).
     *
     * @param resourcePath the resource's dotted path, e.g. {@code resources.web}
     */
    public static List<TemplateProblem> validate(ResourceType type, String resourceName, JsonNode properties,
            String resourcePath) {
        List<TemplateProblem> problems = new ArrayList<>();
        String path = resourcePath + ".properties";
        if (type.acceptsAnyProperties() || IntrinsicFunctions.isFunction(properties)) {
            return problems;
        }
        JsonNode data = properties;
        if (data == null || data.isNull() || data.isMissingNode()) {
            data = JsonNodeFactory.instance.objectNode();
        } else if (!data.isObject()) {
            // heat/engine/hot/template.py validate_resource_key_type
            problems.add(new TemplateProblem(path,
                    "Resource " + resourceName + " properties type must be object"));
            return problems;
        }
        validateMap(type.properties(), data, path, problems);
        if (problems.isEmpty()) {
            for (ResourceType.Check check : type.checks()) {
                problems.addAll(check.check(resourceName, data, resourcePath));
            }
        }
        return problems;
    }

    /**
     * Checks one value against a property schema.
     *
     * @param path where the value is, e.g. {@code resources.cfg.properties.inputs}
     */
    public static List<TemplateProblem> validateValue(PropertySchema schema, JsonNode value, String path) {
        List<TemplateProblem> problems = new ArrayList<>();
        if (value != null && !value.isNull() && !IntrinsicFunctions.isFunction(value)) {
            checkValue(schema, value, path, problems);
        }
        return problems;
    }

    /**
     * Heat's notices for what a definition uses that is deprecated or hidden: the type itself, and
     * any property (at any depth) whose support status is not SUPPORTED. These are not problems; Heat
     * only logs them ({@code "%(name)s is %(status)s. %(message)s"}).
     */
    public static List<TemplateProblem> supportNotices(ResourceType type, String resourceName, JsonNode properties) {
        List<TemplateProblem> notices = new ArrayList<>();
        String path = "resources." + resourceName;
        notice(type.name(), type.supportStatus(), path + ".type").ifPresent(notices::add);
        if (properties != null && properties.isObject() && !type.acceptsAnyProperties()) {
            noticeMap(type.properties(), properties, path + ".properties", notices);
        }
        return notices;
    }

    // ------------------------------------------------------------------ internals

    static void validateMap(Map<String, PropertySchema> schema, JsonNode data, String path,
            List<TemplateProblem> problems) {
        for (Iterator<String> it = data.fieldNames(); it.hasNext();) {
            String key = it.next();
            if (!schema.containsKey(key)) {
                problems.add(new TemplateProblem(path, "Unknown Property " + key));
            }
        }
        for (Map.Entry<String, PropertySchema> e : schema.entrySet()) {
            String key = e.getKey();
            PropertySchema prop = e.getValue();
            JsonNode value = data.get(key);
            if (value == null || value.isNull()) {
                if (prop.required() && !prop.hasDefault()) {
                    problems.add(new TemplateProblem(path, "Property " + key + " not assigned"));
                }
            } else if (!IntrinsicFunctions.isFunction(value)) {
                checkValue(prop, value, path + "." + key, problems);
            }
        }
    }

    private static void checkValue(PropertySchema schema, JsonNode value, String path,
            List<TemplateProblem> problems) {
        PyValues.Converted converted = convert(schema.type(), value);
        if (converted.failed()) {
            problems.add(new TemplateProblem(path, converted.error()));
            return;
        }
        JsonNode v = converted.value();
        if (schema.type() == PropertyType.MAP && schema.mapSchema() != null) {
            validateMap(schema.mapSchema(), v, path, problems);
        } else if (schema.type() == PropertyType.LIST && schema.itemSchema() != null) {
            for (int i = 0; i < v.size(); i++) {
                JsonNode item = v.get(i);
                if (item != null && !item.isNull() && !IntrinsicFunctions.isFunction(item)) {
                    checkValue(schema.itemSchema(), item, path + "[" + i + "]", problems);
                }
            }
        }
        for (Constraint constraint : schema.constraints()) {
            constraint.check(v, schema.type()).ifPresent(msg -> problems.add(new TemplateProblem(path, msg)));
        }
    }

    /** Heat's {@code Property.get_value} conversion of a (non-null, non-function) value. */
    static PyValues.Converted convert(PropertyType type, JsonNode value) {
        return switch (type) {
            case STRING -> PyValues.toStringValue(value);
            case INTEGER -> PyValues.toInteger(value);
            case NUMBER -> PyValues.toNumber(value);
            case BOOLEAN -> PyValues.toBoolean(value);
            case MAP -> value.isObject() ? PyValues.Converted.ok(value)
                    : PyValues.Converted.fail("\"" + Py.str(value) + "\" is not a map");
            case LIST -> value.isArray() ? PyValues.Converted.ok(value)
                    : PyValues.Converted.fail("\"" + Py.repr(value) + "\" is not a list");
            case ANY -> PyValues.Converted.ok(value);
        };
    }

    private static void noticeMap(Map<String, PropertySchema> schema, JsonNode data, String path,
            List<TemplateProblem> notices) {
        for (Iterator<Map.Entry<String, JsonNode>> it = data.fields(); it.hasNext();) {
            Map.Entry<String, JsonNode> e = it.next();
            PropertySchema prop = schema.get(e.getKey());
            if (prop == null || e.getValue() == null || e.getValue().isNull()) {
                continue;
            }
            String at = path + "." + e.getKey();
            notice("Property " + e.getKey(), prop.supportStatus(), at).ifPresent(notices::add);
            JsonNode value = e.getValue();
            if (prop.mapSchema() != null && value.isObject() && !IntrinsicFunctions.isFunction(value)) {
                noticeMap(prop.mapSchema(), value, at, notices);
            } else if (prop.itemSchema() != null && prop.itemSchema().mapSchema() != null && value.isArray()) {
                for (int i = 0; i < value.size(); i++) {
                    JsonNode item = value.get(i);
                    if (item.isObject() && !IntrinsicFunctions.isFunction(item)) {
                        noticeMap(prop.itemSchema().mapSchema(), item, at + "[" + i + "]", notices);
                    }
                }
            }
        }
    }

    private static Optional<TemplateProblem> notice(String what, SupportStatus status, String path) {
        if (status.status() == SupportStatus.Status.SUPPORTED) {
            return Optional.empty();
        }
        String message = null;
        for (SupportStatus s = status; s != null && message == null; s = s.previous()) {
            message = s.message();
        }
        return Optional.of(new TemplateProblem(path,
                what + " is " + status.status().name() + "." + (message == null ? "" : " " + message)));
    }
}
