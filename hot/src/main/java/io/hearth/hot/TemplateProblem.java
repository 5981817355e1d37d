package io.hearth.hot;

/**
 * One problem found in a template, its environment or its parameters.
 *
 * @param path      where, as a dotted path into the document, e.g.
 *                  {@code resources.db_deployment.properties.config}; empty for the whole document
 * @param message   what is wrong, in words a user reads
 * @param errorType Heat's error type when it is not {@code StackValidationFailed} (a resource type whose
 *                  service is absent is {@code ResourceTypeUnavailable}); null otherwise
 */
public record TemplateProblem(String path, String message, String errorType) {

    /** A problem Heat reports as {@code StackValidationFailed}. */
    public TemplateProblem(String path, String message) {
        this(path, message, null);
    }

    /** {@code path: message}, or just the message for the whole document. */
    @Override
    public String toString() {
        return path == null || path.isEmpty() ? message : path + ": " + message;
    }
}
