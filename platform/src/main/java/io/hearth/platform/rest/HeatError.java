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
            case 413 -> "The request is larger than the server is willing or able to process.";
            default -> title;
        };
        return new HeatError(explanation, status, new Detail(message, type, null), title);
    }
}
