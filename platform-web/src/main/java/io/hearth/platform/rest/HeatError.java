package io.hearth.platform.rest;

import jakarta.ws.rs.core.Response;

/**
 * Heat's error body, which heatclient reads ({@code error.message} is what it prints).
 *
 * @param explanation the standard explanation of the status
 * @param code        the HTTP status
 * @param error       the error itself
 * @param title       the status's reason phrase
 */
public record HeatError(String explanation, int code, Detail error, String title) {

    /**
     * @param message   what went wrong, for a user
     * @param type      Heat's error type
     * @param traceback always null: Hearth never sends stack traces
     */
    public record Detail(String message, String type, String traceback) {
    }

    /**
     * The error type of a refusal the HTTP layer makes itself (no route, method, media type, size): the
     * status's reason phrase without spaces, e.g. {@code NotFound}, {@code MethodNotAllowed},
     * {@code UnsupportedMediaType}; for 413 Heat's {@code RequestLimitExceeded}, the type of its own
     * body-size refusal.
     */
    public static String typeOf(int status) {
        if (status == 413) {
            return "RequestLimitExceeded";
        }
        Response.Status known = Response.Status.fromStatusCode(status);
        return known == null ? "Error" : known.getReasonPhrase().replace(" ", "").replace("-", "");
    }

    /** The body for a status, an error type and a message. */
    public static HeatError of(int status, String type, String message) {
        Response.Status known = Response.Status.fromStatusCode(status);
        String title = known == null ? "Error" : known.getReasonPhrase();
        String explanation = switch (status) {
            case 400 -> "The server could not comply with the request since it is either malformed or otherwise incorrect.";
            case 401 -> "This server could not verify that you are authorized to access the document you requested.";
            case 403 -> "Access was denied to this resource.";
            case 404 -> "The resource could not be found.";
            case 409 -> "There was a conflict when trying to complete your request.";
            case 405 -> "The method is not allowed for this resource.";
            case 413 -> "The request is larger than the server is willing or able to process.";
            case 500 -> "The server has either erred or is incapable of performing the requested operation.";
            default -> title;
        };
        return new HeatError(explanation, status, new Detail(message, type, null), title);
    }
}
