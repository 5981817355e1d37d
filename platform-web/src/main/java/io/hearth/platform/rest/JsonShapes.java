package io.hearth.platform.rest;

import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import java.util.Collection;
import java.util.List;

/**
 * Says what was wrong with a JSON body of the wrong shape, in the words of the deployments API's field
 * checks and Heat's {@code extract_int}: {@code The request body must be a JSON object},
 * {@code Invalid parameters: must be a map}, {@code Only integer is acceptable by 'timeout_mins'.}
 */
final class JsonShapes {

    private JsonShapes() {
    }

    static String message(MismatchedInputException e) {
        String field = field(e.getPath());
        Class<?> target = e.getTargetType();
        if (field.isEmpty()) {
            return "The request body must be " + (target == null ? "a JSON object" : kind(target, "a JSON object"));
        }
        if (target != null && isInteger(target)) {
            return "Only integer is acceptable by '" + field + "'.";
        }
        return "Invalid " + field + ": must be " + (target == null ? "of another type" : kind(target, "a map"));
    }

    /** The field's path as a user writes it: {@code files.a.yaml}, {@code clear_parameters[0]}. */
    private static String field(List<JsonMappingException.Reference> path) {
        StringBuilder field = new StringBuilder();
        for (JsonMappingException.Reference step : path) {
            if (step.getFieldName() != null) {
                field.append(field.isEmpty() ? "" : ".").append(step.getFieldName());
            } else if (step.getIndex() >= 0) {
                field.append('[').append(step.getIndex()).append(']');
            }
        }
        return field.toString();
    }

    private static boolean isInteger(Class<?> type) {
        return type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Short.class || type == short.class;
    }

    private static String kind(Class<?> type, String object) {
        if (CharSequence.class.isAssignableFrom(type) || type == char.class || type == Character.class) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "a boolean";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (JsonNode.class.isAssignableFrom(type)) {
            return "JSON";
        }
        return object;
    }
}
