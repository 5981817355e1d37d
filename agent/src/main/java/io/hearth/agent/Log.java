package io.hearth.agent;

import java.io.PrintStream;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** One line per event on standard error: time, who (a server id or "host") and what happened. */
public final class Log {

    private static final PrintStream OUT = System.err;

    private Log() {
    }

    /** Logs one line. */
    public static void info(String who, String message) {
        line("INFO", who, message);
    }

    /** Logs one line about something that went wrong. */
    public static void warn(String who, String message) {
        line("WARN", who, message);
    }

    private static void line(String level, String who, String message) {
        String text = Instant.now().truncatedTo(ChronoUnit.MILLIS) + " " + level + " [" + who + "] " + message;
        synchronized (OUT) {
            OUT.println(text);
        }
    }
}
