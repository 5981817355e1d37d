package io.hearth.notifier.alarms;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One evaluation of a threshold alarm, as Aodh's {@code ThresholdEvaluator} ({@code aodh/evaluator/threshold.py}) makes
 * it. Pure. The statistics are one per period, oldest first, null where a period had no sample. Fewer than the
 * evaluation periods with data: insufficient data (from another state only). All of them crossing the threshold:
 * alarm; none: ok; some (trending): the state stays, except that an alarm still in insufficient data takes the most
 * recent period's side. Actions fire on a change of state, and with {@code repeat_actions} at every evaluation that
 * stays (Aodh's {@code _refresh}).
 */
public final class AlarmState {

    /** Aodh's states. */
    public static final String OK = "ok";
    public static final String ALARM = "alarm";
    public static final String INSUFFICIENT_DATA = "insufficient data";

    private AlarmState() {
    }

    /**
     * What an evaluation decided.
     *
     * @param state  the state after it
     * @param reason Aodh's reason
     * @param value  the most recent period's statistic, null when it had none
     * @param fire   whether the state's actions fire now
     */
    public record Outcome(String state, String reason, Double value, boolean fire) {
    }

    /** Evaluates an alarm in {@code current} state over its periods' statistics (oldest first). */
    public static Outcome evaluate(String current, List<Double> statistics, double threshold, String operator,
            boolean repeat) {
        List<Double> known = new ArrayList<>();
        statistics.forEach(s -> {
            if (s != null) {
                known.add(s);
            }
        });
        Double mostRecent = statistics.isEmpty() ? null : statistics.get(statistics.size() - 1);
        boolean unknown = INSUFFICIENT_DATA.equals(current);
        if (known.size() < statistics.size()) {
            if (unknown) {
                return new Outcome(current, null, mostRecent, false);
            }
            return new Outcome(INSUFFICIENT_DATA, statistics.size() + " datapoints are unknown", mostRecent, true);
        }
        long outside = known.stream().filter(value -> crosses(value, threshold, operator)).count();
        String state;
        if (outside == known.size()) {
            state = ALARM;
        } else if (outside == 0) {
            state = OK;
        } else if (unknown) {
            state = crosses(mostRecent, threshold, operator) ? ALARM : OK; // trending
        } else {
            state = current;
        }
        boolean changed = !state.equals(current);
        if (!changed && !repeat) {
            return new Outcome(current, null, mostRecent, false);
        }
        String reason = (changed ? "Transition to " : "Remaining as ") + state + " due to "
                + (ALARM.equals(state) ? outside : known.size() - outside) + " samples "
                + (OK.equals(state) ? "inside" : "outside") + " threshold, most recent: " + mostRecent;
        return new Outcome(state, reason, mostRecent, true);
    }

    /** Aodh's comparison operators. */
    static boolean crosses(double value, double threshold, String operator) {
        switch (operator.toLowerCase(Locale.ROOT)) {
            case "gt":
                return value > threshold;
            case "ge":
                return value >= threshold;
            case "lt":
                return value < threshold;
            case "le":
                return value <= threshold;
            case "eq":
                return value == threshold;
            case "ne":
                return value != threshold;
            default:
                throw new IllegalArgumentException("unknown comparison operator " + operator);
        }
    }
}
