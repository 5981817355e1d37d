package io.hearth.hot;

/**
 * One problem found in a template, its environment or its parameters.
 *
 * @param path    where, as a dotted path into the document, e.g.
 *                {@code resources.db_deployment.properties.config}; empty for the whole document
 * @param message what is wrong, in words a user reads
 */
public record TemplateProblem(String path, String message) {

    /** {@code path: message}, or just the message for the whole document. */
    @Override
    public String toString() {
        return path == null || path.isEmpty() ? message : path + ": " + message;
    }
}
