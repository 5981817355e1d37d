package io.hearth.template.rest.dto;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.platform.rest.ApiException;
import io.hearth.template.rest.QueryParams;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Heat's resource PATCH body, {@code {"mark_unhealthy": true, "resource_status_reason": "..."}}.
 *
 * @param markUnhealthy true to mark the resource unhealthy, false to mark it healthy again
 * @param reason        the user's reason, empty when none was given
 */
public record MarkUnhealthyRequest(boolean markUnhealthy, String reason) {

    private static final String MARK = "mark_unhealthy";
    private static final String REASON = "resource_status_reason";

    /**
     * Reads and checks a body as Heat's {@code ResourceController.mark_unhealthy} does.
     *
     * @throws ApiException 400 with Heat's message for unknown keys, a missing flag or a flag that
     *                      is not true or false
     */
    public static MarkUnhealthyRequest of(JsonNode body) {
        if (body != null && !body.isNull() && !body.isObject()) {
            throw QueryParams.badRequest("The server could not comply with the request since it is either"
                    + " malformed or otherwise incorrect.");
        }
        Set<String> invalid = new TreeSet<>();
        if (body != null && body.isObject()) {
            body.fieldNames().forEachRemaining(invalid::add);
        }
        invalid.removeAll(List.of(MARK, REASON));
        if (!invalid.isEmpty()) {
            throw QueryParams.badRequest("Invalid keys in resource mark unhealthy "
                    + QueryParams.pythonList(invalid, "{", "}"));
        }
        if (body == null || !body.has(MARK)) {
            throw QueryParams.badRequest("Missing mandatory (" + MARK + ") key from mark unhealthy request");
        }
        boolean unhealthy = QueryParams.flag(MARK, body.get(MARK));
        JsonNode reason = body.path(REASON);
        return new MarkUnhealthyRequest(unhealthy, reason.isMissingNode() || reason.isNull() ? ""
                : reason.isTextual() ? reason.asText() : reason.toString());
    }
}
