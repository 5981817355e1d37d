package io.hearth.hot.read;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.hot.TemplateProblem;
import java.util.List;

/**
 * What {@link TemplateReader} made of one document.
 *
 * @param document  the document as JSON; {@code null} when it could not be read at all (a
 *                  syntax error, a limit breached, bytes that are not UTF-8). An empty template
 *                  reads as an empty object, with a problem
 * @param sourceMap where each value of {@code document} came from in the text; empty when
 *                  {@code document} is {@code null}
 * @param problems  why the document cannot be used; empty when it can
 * @param warnings  what the reader accepted, as Heat does, but a user may want to know (a
 *                  duplicate key whose earlier value was dropped)
 */
public record ReadResult(JsonNode document, SourceMap sourceMap, List<ReadProblem> problems,
        List<ReadProblem> warnings) {

    public ReadResult {
        problems = List.copyOf(problems);
        warnings = List.copyOf(warnings);
    }

    /** {@code true} when there are no problems (warnings do not count). */
    public boolean ok() {
        return problems.isEmpty();
    }

    /** The problems as the rest of the template service reports them. */
    public List<TemplateProblem> templateProblems() {
        return problems.stream().map(ReadProblem::toTemplateProblem).toList();
    }
}
