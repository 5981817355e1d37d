package io.hearth.platform.rest;

import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;

/**
 * The messages of the refusals the HTTP layer makes before any resource runs, the same whether Quarkus
 * REST ({@link ApiExceptionMappers}) or a Vert.x route ({@link HeatErrorRoutes}) refuses.
 */
final class HttpRefusals {

    /** What a 500 says: nothing of the internals (the failure is logged). */
    static final String INTERNAL = "The server failed to handle the request; the failure has been logged";

    private HttpRefusals() {
    }

    /**
     * The message of a refusal of a request.
     *
     * @param status   the status
     * @param request  the refused request (its method, path, Content-Type and Accept are named)
     * @param fallback the message when the status has none of its own, may be null
     */
    static String message(int status, HttpServerRequest request, String fallback) {
        return message(status, request.method().name(), request.path(), request.getHeader(HttpHeaders.CONTENT_TYPE),
                request.getHeader(HttpHeaders.ACCEPT), fallback);
    }

    private static String message(int status, String method, String path, String contentType, String accept,
            String fallback) {
        return switch (status) {
            case 404 -> "No resource at " + path;
            case 405 -> method + " is not allowed on " + path;
            case 406 -> "None of the accepted media types (" + accept + ") can be produced: the answer is"
                    + " application/json";
            case 413 -> "Request limit exceeded: the request body is larger than the server accepts";
            case 415 -> "The media type " + (contentType == null ? "(none)" : contentType)
                    + " is not supported: send application/json";
            case 500 -> INTERNAL;
            default -> fallback == null || fallback.isBlank() ? HeatError.typeOf(status) : fallback;
        };
    }

    /** 413 for a declared body length over the limit, in Heat's words. */
    static String tooLarge(long length, long limit) {
        return "Request limit exceeded: JSON body size (" + length + " bytes) exceeds maximum allowed size ("
                + limit + " bytes).";
    }
}
