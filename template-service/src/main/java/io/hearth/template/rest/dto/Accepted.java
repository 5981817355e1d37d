package io.hearth.template.rest.dto;

/**
 * The body Heat answers a stack update with: webob's {@code HTTPAccepted} rendered as JSON, as
 * Heat's api-ref shows it.
 */
public record Accepted(String code, String message, String title) {

    /** Heat's 202 body. */
    public static final Accepted BODY = new Accepted("202 Accepted",
            "The request is accepted for processing.<br /><br />\n\n\n", "Accepted");
}
