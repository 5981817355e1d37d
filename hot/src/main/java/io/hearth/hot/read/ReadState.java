package io.hearth.hot.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What one read of one document accumulates: problems, warnings, where in the structure the
 * reader is, and how much of the expansion budget is spent.
 */
final class ReadState {

    /** Paths longer than this (only hostile documents make them) are cut short in messages. */
    private static final int MAX_PATH_CHARS = 1000;

    final ReaderOptions options;
    final DocumentKind kind;
    /** {@code template}, {@code environment}, or the file's name. */
    final String document;
    final List<ReadProblem> problems = new ArrayList<>();
    final List<ReadProblem> warnings = new ArrayList<>();
    /** The keys (String) and indexes (Integer) from the root to the value being read. */
    private final List<Object> path = new ArrayList<>();
    private long nodes;
    private long chars;

    ReadState(ReaderOptions options, DocumentKind kind, String document) {
        this.options = options;
        this.kind = kind;
        this.document = document;
    }

    void enter(Object segment) {
        path.add(segment);
    }

    void leave() {
        path.remove(path.size() - 1);
    }

    /** The current path, as {@link SourcePath} writes it. */
    String path() {
        StringBuilder out = new StringBuilder();
        for (Object segment : path) {
            if (segment instanceof Integer index) {
                out.append('[').append(index).append(']');
            } else {
                String key = (String) segment;
                if (SourcePath.isPlain(key)) {
                    if (out.length() > 0) {
                        out.append('.');
                    }
                    out.append(key);
                } else {
                    out.append('[').append(SourcePath.quote(key)).append(']');
                }
            }
            if (out.length() > MAX_PATH_CHARS) {
                out.setLength(MAX_PATH_CHARS);
                return out.append("...").toString();
            }
        }
        return out.toString();
    }

    SourceLocation at(int line, int column) {
        return new SourceLocation(document, line, column);
    }

    /**
     * Counts one value (or key) holding {@code text} characters, at {@code line}:{@code column},
     * against the expansion limits.
     *
     * @throws ReadAbort when a limit is passed
     */
    void spend(int text, int line, int column) {
        nodes++;
        chars += text;
        if (nodes > options.maxNodes()) {
            SourceLocation where = at(line, column);
            throw abort(kind.noun(document) + " expands to more than " + options.maxNodes()
                    + " values; aliases (*name) may be multiplying it" + near(where), where);
        }
        if (chars > options.maxExpandedChars()) {
            SourceLocation where = at(line, column);
            throw abort(kind.noun(document) + " expands to more than " + options.maxExpandedChars()
                    + " characters of keys and values; aliases (*name) may be repeating a long value"
                    + near(where), where);
        }
    }

    /** Checks that a value {@code depth} levels down, at {@code line}:{@code column}, may be read. */
    void checkDepth(int depth, int line, int column) {
        if (depth > options.maxDepth()) {
            SourceLocation where = at(line, column);
            throw abort(kind.noun(document) + " is nested more than " + options.maxDepth() + " levels deep"
                    + near(where), where);
        }
    }

    /** A problem with the value being read; reading goes on. */
    void problem(String message, SourceLocation where) {
        problems.add(new ReadProblem(path(), message + near(where), where));
    }

    void warning(String message, SourceLocation where) {
        warnings.add(new ReadProblem(path(), message + near(where), where));
    }

    /** A problem that ends the read, at the current path. */
    ReadAbort abort(String message, SourceLocation where) {
        return new ReadAbort(new ReadProblem(path(), message, where));
    }

    /** {@code " (line 3, column 5)"}, or nothing without a place. */
    static String near(SourceLocation where) {
        return where == null ? "" : " (" + where.describe() + ")";
    }

    /** Which kind of document is read, and how messages name it. */
    enum DocumentKind {
        TEMPLATE, ENVIRONMENT, FILE;

        /** {@code Template}, {@code Environment}, {@code Template lb_server.yaml}. */
        String noun(String document) {
            return switch (this) {
                case TEMPLATE -> "Template";
                case ENVIRONMENT -> "Environment";
                case FILE -> "Template " + document;
            };
        }

        /** {@code template}, {@code environment}, {@code template lb_server.yaml}. */
        String lowerNoun(String document) {
            return switch (this) {
                case TEMPLATE -> "template";
                case ENVIRONMENT -> "environment";
                case FILE -> "template " + document;
            };
        }
    }

    /** Remembers the first place each key of one mapping appeared, to report duplicates. */
    static final class KeyTracker {
        private final Map<String, SourceLocation> seen = new HashMap<>();

        /** Notes {@code key} at {@code where}; returns where it was before, or {@code null}. */
        SourceLocation firstSeen(String key, SourceLocation where) {
            return seen.putIfAbsent(key, where);
        }
    }

    /** Reports a duplicate key as Heat's choice dictates: a warning, or a problem if asked. */
    void duplicate(String key, SourceLocation first, SourceLocation again) {
        String message = "Duplicate key \"" + key + "\"; it first appears at " + first.describe()
                + (options.rejectDuplicateKeys() ? "" : ", and only this last value is kept, as Heat does");
        if (options.rejectDuplicateKeys()) {
            problem(message, again);
        } else {
            warning(message, again);
        }
    }

    /** Thrown to end a read at once: a limit was passed, or the document cannot be used at all. */
    static final class ReadAbort extends RuntimeException {
        private static final long serialVersionUID = 1L;
        final transient ReadProblem problem;

        ReadAbort(ReadProblem problem) {
            super(problem.message(), null, false, false);
            this.problem = problem;
        }
    }
}
