package io.hearth.hot.functions;

/**
 * A template value Heat would refuse: a bad intrinsic-function call, a missing parameter or file, a
 * function the template version does not have. {@link #path()} says where (dotted keys, list indexes in
 * brackets, the function name last: {@code resources.web.properties.name.str_replace}); {@link
 * #heatMessage()} is Heat's text for the problem, which is what a user of Heat would read.
 */
public class ExpressionException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String path;
    private final String heatMessage;

    public ExpressionException(String path, String heatMessage) {
        super(path == null || path.isEmpty() ? heatMessage : path + ": " + heatMessage);
        this.path = path == null ? "" : path;
        this.heatMessage = heatMessage;
    }

    /** Where the bad call is, e.g. {@code resources.web.properties.networks[0].port.get_resource}. */
    public String path() {
        return path;
    }

    /** Heat's message for the problem, without the path. */
    public String heatMessage() {
        return heatMessage;
    }
}
