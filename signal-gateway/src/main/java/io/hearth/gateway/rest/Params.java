package io.hearth.gateway.rest;

import io.hearth.platform.rest.ApiException;
import io.vertx.core.http.HttpServerRequest;

/** Query parameters of gateway requests. */
final class Params {

    private Params() {
    }

    /** The parameter as a whole number, null when absent; 400 when it is not one. */
    static Long longParam(HttpServerRequest request, String name) {
        String value = request.getParam(name);
        if (value == null || value.isBlank()) {
            return null;
        }
        try {
            return Long.valueOf(value.trim());
        } catch (NumberFormatException e) {
            throw ApiException.badRequest("InvalidParameter", name + " must be a whole number, got " + value);
        }
    }

    /** The parameter, null when absent or blank. */
    static String text(HttpServerRequest request, String name) {
        String value = request.getParam(name);
        return value == null || value.isBlank() ? null : value;
    }
}
