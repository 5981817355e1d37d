package io.hearth.deployment.software;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/** Times as Heat's API writes them. */
public final class HeatTime {

    private HeatTime() {
    }

    /** Heat's {@code isotime}: seconds, UTC, {@code Z}; null stays null. */
    public static String isotime(Instant time) {
        return time == null ? null : time.truncatedTo(ChronoUnit.SECONDS).toString();
    }
}
