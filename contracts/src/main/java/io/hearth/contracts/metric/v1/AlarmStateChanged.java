package io.hearth.contracts.metric.v1;

import java.time.Instant;

/**
 * A metric alarm changed state, Aodh's {@code ok}, {@code alarm} or {@code insufficient data}.
 *
 * @param stackId     the id of the stack holding the alarm resource
 * @param rootStackId the top-level stack of its tree: the Kafka key
 * @param tenant      the owning tenant
 * @param alarmId     the alarm's physical id
 * @param alarmName   the alarm's resource name
 * @param previous    the state it left
 * @param state       the state it entered
 * @param reason      why, in Aodh's words (e.g. {@code Transition to alarm due to 2 samples outside threshold,
 *                    most recent: 91.0})
 * @param value       the most recent period's statistic, null when there was none
 * @param changedAt   when it was evaluated
 */
public record AlarmStateChanged(String stackId, String rootStackId, String tenant, String alarmId, String alarmName,
        String previous, String state, String reason, Double value, Instant changedAt) {
    public static final String TYPE = "io.hearth.metric.alarm-state-changed.v1";
}
