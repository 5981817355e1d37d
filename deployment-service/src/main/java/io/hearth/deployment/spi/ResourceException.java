package io.hearth.deployment.spi;

/**
 * A resource cannot be run as defined, e.g. a property value of the wrong type. The engine fails the
 * resource with Heat's {@code ResourceFailure} text: {@code ErrorType: resources.NAME: message}.
 */
public class ResourceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String errorType;

    /**
     * @param errorType the Python exception class Heat would show, e.g. {@code StackValidationFailed}
     * @param message   Heat's message
     */
    public ResourceException(String errorType, String message) {
        super(message);
        this.errorType = errorType;
    }

    /** The Python exception class Heat would show. */
    public String errorType() {
        return errorType;
    }
}
