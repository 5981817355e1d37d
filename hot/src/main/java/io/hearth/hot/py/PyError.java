package io.hearth.hot.py;

/**
 * An exception Python raises ({@code ValueError}, {@code TypeError}, {@code OverflowError},
 * {@code ZeroDivisionError}), carrying Python's message word for word. Heat often shows that message
 * as it is, or tells the kinds apart ({@code except ValueError:}), so the kind is kept.
 */
public final class PyError extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final String pythonType;

    private PyError(String pythonType, String message) {
        super(message, null, false, false);
        this.pythonType = pythonType;
    }

    /** Python's {@code ValueError(message)}. */
    public static PyError valueError(String message) {
        return new PyError("ValueError", message);
    }

    /** Python's {@code TypeError(message)}. */
    public static PyError typeError(String message) {
        return new PyError("TypeError", message);
    }

    /** Python's {@code OverflowError(message)}. */
    public static PyError overflowError(String message) {
        return new PyError("OverflowError", message);
    }

    /** Python's {@code ZeroDivisionError(message)}. */
    public static PyError zeroDivisionError(String message) {
        return new PyError("ZeroDivisionError", message);
    }

    /** The Python class name: {@code ValueError}, {@code TypeError}, ... */
    public String pythonType() {
        return pythonType;
    }

    /** Whether {@code except ValueError:} catches it. */
    public boolean isValueError() {
        return pythonType.equals("ValueError");
    }

    /** Whether {@code except TypeError:} catches it. */
    public boolean isTypeError() {
        return pythonType.equals("TypeError");
    }
}
