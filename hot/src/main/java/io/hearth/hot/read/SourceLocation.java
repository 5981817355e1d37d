package io.hearth.hot.read;

/**
 * A place in a document's text.
 *
 * @param document which document: {@code template}, {@code environment}, or the name of a file
 *                 from the stack's {@code files}
 * @param line     1-based line; a line ends at {@code \n}, {@code \r\n} or a lone {@code \r}
 *                 (in YAML also at U+0085, U+2028 and U+2029, as YAML 1.1 and SnakeYAML have it)
 * @param column   1-based column, counted in characters (Unicode code points; a tab is one)
 */
public record SourceLocation(String document, int line, int column) {

    public SourceLocation {
        if (document == null || document.isEmpty()) {
            throw new IllegalArgumentException("a location needs a document name");
        }
        if (line < 1 || column < 1) {
            throw new IllegalArgumentException("line and column are 1-based, not " + line + ":" + column);
        }
    }

    /** {@code line 3, column 5}: the place without the document, as messages quote it. */
    public String describe() {
        return "line " + line + ", column " + column;
    }

    /** {@code template, line 3, column 5}. */
    @Override
    public String toString() {
        return document + ", " + describe();
    }
}
