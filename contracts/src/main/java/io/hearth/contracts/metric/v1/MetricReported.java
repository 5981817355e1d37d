package io.hearth.contracts.metric.v1;

import java.time.Instant;
import java.util.List;

/**
 * An application pushed samples of its own metrics to a metric URL (the signal gateway's
 * {@code /v1/metrics/...}, pre-signed for a stack and, when it names one, a group).
 *
 * @param stackId     the stack the metric URL names (the group's stack when it names a group)
 * @param rootStackId the top-level stack of its tree: the Kafka key
 * @param groupName   the group resource the URL names, null for a URL of the whole stack
 * @param samples     the samples pushed, at least one
 * @param receivedAt  when the gateway took them
 */
public record MetricReported(String stackId, String rootStackId, String groupName, List<Sample> samples,
        Instant receivedAt) {
    public static final String TYPE = "io.hearth.metric.reported.v1";

    /**
     * One sample.
     *
     * @param name      the metric (Aodh's meter) name
     * @param value     its value: finite, of magnitude at most {@link #MAX_MAGNITUDE}
     * @param timestamp when it was measured (the push's time when the pusher gave none)
     * @param unit      its unit as the pusher gave it, may be null
     */
    public record Sample(String name, double value, Instant timestamp, String unit) {

        /**
         * The largest magnitude of a value (10^15, beyond any KPI, and far enough below the largest double that a
         * sum or an average over a window never overflows).
         */
        public static final double MAX_MAGNITUDE = 1e15;

        /** Whether a value is one a sample may carry: finite and at most {@link #MAX_MAGNITUDE} either way. */
        public static boolean bounded(double value) {
            return Double.isFinite(value) && Math.abs(value) <= MAX_MAGNITUDE;
        }
    }
}
