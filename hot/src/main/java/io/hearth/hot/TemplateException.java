package io.hearth.hot;

import java.util.List;

/** A template or its parameters are invalid; carries every problem found, not only the first. */
public class TemplateException extends RuntimeException {

    private final List<TemplateProblem> problems;

    public TemplateException(List<TemplateProblem> problems) {
        super(String.join("\n", problems.stream().map(TemplateProblem::toString).toList()));
        this.problems = List.copyOf(problems);
    }

    /** One problem of the whole document. */
    public TemplateException(String problem) {
        this(List.of(new TemplateProblem("", problem)));
    }

    /** Each problem with its path. */
    public List<TemplateProblem> problems() {
        return problems;
    }
}
