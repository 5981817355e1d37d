package io.hearth.template.template;

import java.util.List;

/** A template or its parameters are invalid; carries every problem found, not only the first. */
public class TemplateException extends RuntimeException {

    private final List<String> problems;

    public TemplateException(List<String> problems) {
        super(String.join("\n", problems));
        this.problems = List.copyOf(problems);
    }

    public TemplateException(String problem) {
        this(List.of(problem));
    }

    /** Each problem, with its location where known. */
    public List<String> problems() {
        return problems;
    }
}
