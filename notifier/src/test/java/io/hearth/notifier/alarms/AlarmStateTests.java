package io.hearth.notifier.alarms;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.notifier.alarms.AlarmState.Outcome;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Aodh's threshold evaluation, period by period. */
class AlarmStateTests {

    @Test
    void allPeriodsOutsideIsAlarmAllInsideIsOk() {
        assertThat(AlarmState.evaluate("ok", List.of(60.0, 70.0), 50, "gt", false)).isEqualTo(new Outcome("alarm",
                "Transition to alarm due to 2 samples outside threshold, most recent: 70.0", 70.0, true));
        assertThat(AlarmState.evaluate("alarm", List.of(10.0, 50.0), 50, "gt", false)).isEqualTo(new Outcome("ok",
                "Transition to ok due to 2 samples inside threshold, most recent: 50.0", 50.0, true));
        assertThat(AlarmState.evaluate("alarm", List.of(10.0, 50.0), 50, "ge", false).state()).isEqualTo("alarm");
    }

    @Test
    void aMissingPeriodIsInsufficientDataOnceThenNothing() {
        Outcome unknown = AlarmState.evaluate("ok", Arrays.asList(null, 70.0), 50, "gt", true);
        assertThat(unknown).isEqualTo(new Outcome("insufficient data", "2 datapoints are unknown", 70.0, true));
        assertThat(AlarmState.evaluate("insufficient data", Arrays.asList(null, 70.0), 50, "gt", true).fire())
                .isFalse();
    }

    @Test
    void trendingKeepsTheStateButLeavesInsufficientDataByTheMostRecentPeriod() {
        assertThat(AlarmState.evaluate("ok", List.of(70.0, 10.0, 70.0), 50, "gt", false))
                .isEqualTo(new Outcome("ok", null, 70.0, false));
        assertThat(AlarmState.evaluate("ok", List.of(70.0, 10.0, 70.0), 50, "gt", true))
                .isEqualTo(new Outcome("ok", "Remaining as ok due to 1 samples inside threshold, most recent: 70.0",
                        70.0, true));
        assertThat(AlarmState.evaluate("insufficient data", List.of(10.0, 70.0), 50, "gt", false).state())
                .isEqualTo("alarm");
    }

    @Test
    void repeatActionsNotifyAtEveryEvaluationThatStays() {
        assertThat(AlarmState.evaluate("alarm", List.of(60.0, 70.0), 50, "gt", true)).isEqualTo(new Outcome("alarm",
                "Remaining as alarm due to 2 samples outside threshold, most recent: 70.0", 70.0, true));
        assertThat(AlarmState.evaluate("alarm", List.of(60.0, 70.0), 50, "gt", false).fire()).isFalse();
    }
}
