package io.hearth.platform.rest;

/** A request Hearth refuses, answered with Heat's error body and the given status. */
public class ApiException extends RuntimeException {

    private final int status;
    private final String type;

    /**
     * @param status  the HTTP status
     * @param type    Heat's error type, e.g. {@code StackValidationFailed}, {@code EntityNotFound}
     * @param message what a user reads
     */
    public ApiException(int status, String type, String message) {
        super(message);
        this.status = status;
        this.type = type;
    }

    public int status() {
        return status;
    }

    public String type() {
        return type;
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
