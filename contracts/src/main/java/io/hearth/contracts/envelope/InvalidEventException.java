package io.hearth.contracts.envelope;

/** A message that is not a valid Hearth event; consumers send it to the dead-letter topic. */
public class InvalidEventException extends RuntimeException {

    public InvalidEventException(String message, Throwable cause) {
        super(message, cause);
    }
}
