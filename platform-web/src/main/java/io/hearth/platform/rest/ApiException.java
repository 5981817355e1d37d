package io.hearth.platform.rest;

import java.util.Map;

/** A request Hearth refuses, answered with Heat's error body and the given status. */
public class ApiException extends RuntimeException {

    private final int status;
    private final String type;
    private final Map<String, String> headers;

    /**
     * @param status  the HTTP status
     * @param type    Heat's error type, e.g. {@code StackValidationFailed}, {@code EntityNotFound}
     * @param message what a user reads
     */
    public ApiException(int status, String type, String message) {
        this(status, type, message, Map.of());
    }

    /**
     * @param headers response headers the refusal carries, e.g. a 401's {@code WWW-Authenticate}
     */
    public ApiException(int status, String type, String message, Map<String, String> headers) {
        super(message);
        this.status = status;
        this.type = type;
        this.headers = Map.copyOf(headers);
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
    }

    public Map<String, String> headers() {
        return headers;
    }

    /** 400 with the given Heat error type. */
    public static ApiException badRequest(String type, String message) {
        return new ApiException(400, type, message);
    }

    /** 404 EntityNotFound. */
    public static ApiException notFound(String message) {
        return new ApiException(404, "EntityNotFound", message);
    }
}
