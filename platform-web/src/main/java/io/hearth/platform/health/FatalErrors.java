package io.hearth.platform.health;

import java.util.function.IntConsumer;
import org.jboss.logging.Logger;

/**
 * The decision that an error leaves the JVM in no state to go on, and the halt that follows. A
 * {@link VirtualMachineError} (out of memory, stack overflow, an internal error) may have struck any
 * thread at any point, a Kafka consumer's polling or heartbeat thread among them, so the process that
 * survives it can look healthy while it does nothing: it is halted instead (status {@link #EXIT_CODE}, as
 * {@code -XX:+ExitOnOutOfMemoryError} does), and {@code deploy/}'s supervisor or Kubernetes starts it
 * again. {@code Runtime.halt} runs no shutdown hook, which could itself hang or fail in that state.
 */
public final class FatalErrors {

    /** The exit status of a halt on a fatal error (that of {@code -XX:+ExitOnOutOfMemoryError}). */
    public static final int EXIT_CODE = 3;

    /** The process's own: halts the JVM. */
    public static final FatalErrors PROCESS = new FatalErrors(status -> Runtime.getRuntime().halt(status));

    private static final Logger LOG = Logger.getLogger(FatalErrors.class);
    private static final int MAX_CAUSES = 32;

    private final IntConsumer halt;

    /** @param halt ends the process with the given status (tests pass one that records it) */
    public FatalErrors(IntConsumer halt) {
        this.halt = halt;
    }

    /** Whether the error, or one of its causes, is a {@link VirtualMachineError}. */
    public static boolean isFatal(Throwable error) {
        Throwable t = error;
        for (int i = 0; t != null && i < MAX_CAUSES; i++, t = t.getCause()) {
            if (t instanceof VirtualMachineError) {
                return true;
            }
        }
        return false;
    }

    /**
     * Halts the process when the error is fatal, after saying so on standard error and in the log
     * (either may fail when memory is short; the halt happens regardless).
     *
     * @param error what was caught
     * @param where where it was caught, for the log line
     * @return false when the error is not fatal (with a halt that returns, as in tests: true)
     */
    public boolean haltIfFatal(Throwable error, String where) {
        if (!isFatal(error)) {
            return false;
        }
        halt(error, where);
        return true;
    }

    /**
     * Handles an exception no code caught: a thread that dies of an {@link Error} leaves its work undone
     * for good (a Kafka polling thread, the gateway's projection), so that halts the process too;
     * anything else goes to the previous handler.
     */
    public Thread.UncaughtExceptionHandler uncaughtHandler(Thread.UncaughtExceptionHandler previous) {
        return (thread, error) -> {
            if (isFatal(error) || error instanceof Error) {
                halt(error, "thread " + thread.getName() + " (uncaught)");
            } else if (previous != null) {
                previous.uncaughtException(thread, error);
            } else {
                LOG.errorf(error, "uncaught exception in thread %s", thread.getName());
            }
        };
    }

    private void halt(Throwable error, String where) {
        String message = "FATAL: " + error + " in " + where + "; halting the JVM (status " + EXIT_CODE
                + ") so that it is restarted";
        try {
            System.err.println(message);
            System.err.flush();
            LOG.fatal(message, error);
        } catch (Throwable ignored) {
            // Logging needs memory too; the halt must happen anyway.
        } finally {
            halt.accept(EXIT_CODE);
        }
    }
}
