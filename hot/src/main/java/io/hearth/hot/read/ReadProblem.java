package io.hearth.hot.read;

import io.hearth.hot.TemplateProblem;

/**
 * A problem (or warning) found while reading a document, with where it is.
 *
 * @param path     where in the document's structure, as a path {@link SourceMap#locate} accepts
 *                 (e.g. {@code resources.db.properties.config}); empty for the document as a
 *                 whole, and for syntax errors, which have no place in a structure yet
 * @param message  what is wrong, in words a user reads; it names the line and column itself
 *                 where they are known, so it stands alone
 * @param location where in the text, or {@code null} when the problem concerns the whole text
 *                 (its size, say)
 */
public record ReadProblem(String path, String message, SourceLocation location) {

    public ReadProblem {
        path = path == null ? "" : path;
        if (message == null || message.isBlank()) {
            throw new IllegalArgumentException("a problem needs a message");
        }
    }

    /** The problem as the rest of the template service reports them. */
    public TemplateProblem toTemplateProblem() {
        return new TemplateProblem(path, message);
    }

    @Override
    public String toString() {
        return toTemplateProblem().toString();
    }
}
