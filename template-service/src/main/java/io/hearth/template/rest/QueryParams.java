package io.hearth.template.rest;

import io.hearth.contracts.stack.Status;
import io.hearth.platform.rest.ApiException;
import jakarta.ws.rs.core.MultivaluedMap;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Heat's query-parameter rules ({@code heat.api.openstack.v1.util.get_allowed_params} and
 * {@code heat.common.param_utils}), with Heat's messages: a parameter given with an empty value
 * counts as absent, filters may repeat, numbers and flags are checked.
 */
public final class QueryParams {

    /** The sort directions Heat (oslo.db) accepts, listed in its message for any other. */
    /** The statuses in the order Heat's {@code _parse_object_status} looks for them. */
    private static final List<Status> PARSE_ORDER = List.of(Status.COMPLETE, Status.FAILED, Status.IN_PROGRESS);

    private static final List<String> SORT_DIRS = List.of("asc", "desc", "asc-nullsfirst", "asc-nullslast",
            "desc-nullsfirst", "desc-nullslast");

    private final MultivaluedMap<String, String> query;

    public QueryParams(MultivaluedMap<String, String> query) {
        this.query = query;
    }

    /** The parameters given. */
    public Set<String> names() {
        return query.keySet();
    }

    /** Every non-empty value of a repeatable parameter, in order; empty when absent. */
    public List<String> all(String name) {
        List<String> values = query.get(name);
        return values == null ? List.of() : values.stream().filter(v -> v != null && !v.isEmpty()).toList();
    }

    /** The first non-empty value of a parameter, or null. */
    public String single(String name) {
        List<String> values = all(name);
        return values.isEmpty() ? null : values.get(0);
    }

    /**
     * A non-negative integer parameter (Heat's {@code extract_int}), or null when absent.
     *
     * @throws ApiException 400 with Heat's message for anything else
     */
    public Integer integer(String name) {
        String value = single(name);
        if (value == null) {
            return null;
        }
        if (!value.matches("0|-?[1-9]\\d*")) { // oslo's is_int_like: str(int(v)) == v
            throw badRequest("Only integer is acceptable by '" + name + "'.");
        }
        if (value.startsWith("-")) {
            throw badRequest("Value '" + value + "' is invalid for '" + name
                    + "' which only accepts non-negative integer.");
        }
        return value.length() > 9 ? Integer.MAX_VALUE : Integer.parseInt(value);
    }

    /**
     * A true/false parameter, any case (Heat's {@code extract_bool}).
     *
     * @throws ApiException 400 with Heat's message for anything else
     */
    public boolean flag(String name, boolean absent) {
        String value = single(name);
        if (value == null) {
            return absent;
        }
        return flag(name, (Object) value);
    }

    /**
     * Heat's {@code extract_bool} of any JSON-ish value: true or false in any case.
     *
     * @throws ApiException 400 with Heat's message for anything else
     */
    public static boolean flag(String name, Object value) {
        String text = pythonStr(value);
        if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
            throw badRequest("Unrecognized value \"" + text + "\" for \"" + name
                    + "\", acceptable values are: true, false.");
        }
        return text.equalsIgnoreCase("true");
    }

    /**
     * The SQL ordering of Heat's {@code sort_dir}, or null when absent.
     *
     * @throws ApiException 400 with oslo.db's message for an unknown direction
     */
    public String sortDirection() {
        String value = single("sort_dir");
        if (value == null) {
            return null;
        }
        if (!SORT_DIRS.contains(value)) {
            throw new ApiException(400, "ValueError", "Unknown sort direction, must be one of: "
                    + String.join(", ", SORT_DIRS.subList(2, SORT_DIRS.size())));
        }
        return value.replace("-nulls", " nulls ");
    }

    /** Checks {@code nested_depth} (Hearth has no nested stacks, so any valid depth lists the same). */
    public int nestedDepth() {
        Integer depth = integer("nested_depth");
        // heat.engine.service: min(nested_depth, max_nested_stack_depth)
        return depth == null ? 0 : Math.max(0, Math.min(depth, io.hearth.hot.plan.StackPlanner.MAX_NESTED_DEPTH));
    }

    /**
     * Heat's reading of status filters ({@code _parse_object_status}): {@code CREATE_COMPLETE}
     * means action CREATE and status COMPLETE, {@code COMPLETE} only the status.
     *
     * @param statuses the values given
     * @param actions  the action filter's values; actions named in statuses are added
     * @return the statuses, without actions
     */
    public static List<String> statuses(List<String> statuses, List<String> actions) {
        Set<String> pure = new LinkedHashSet<>();
        for (String value : statuses) {
            for (Status status : PARSE_ORDER) {
                int index = value.lastIndexOf(status.name());
                if (index != -1) {
                    pure.add(value.substring(index));
                    if (index > 1) {
                        actions.add(value.substring(0, index - 1));
                    }
                    break;
                }
            }
        }
        return new ArrayList<>(pure);
    }

    /** Python's {@code str()} of a JSON value, as Heat's messages print it. */
    public static String pythonStr(Object value) {
        if (value == null) {
            return "None";
        }
        if (value instanceof Boolean b) {
            return b ? "True" : "False";
        }
        if (value instanceof com.fasterxml.jackson.databind.JsonNode node) {
            return node.isNull() ? "None" : node.isBoolean() ? pythonStr(node.asBoolean())
                    : node.isTextual() ? node.asText() : node.toString();
        }
        return value.toString();
    }

    /** Python's repr of a list of names, as Heat prints {@code list(...)} and {@code set(...)}. */
    public static String pythonList(Iterable<String> names, String open, String close) {
        List<String> quoted = new ArrayList<>();
        names.forEach(n -> quoted.add("'" + n + "'"));
        return open + String.join(", ", quoted) + close;
    }

    /** 400 as Heat's API layer answers (webob's HTTPBadRequest). */
    public static ApiException badRequest(String message) {
        return new ApiException(400, "HTTPBadRequest", message);
    }
}
