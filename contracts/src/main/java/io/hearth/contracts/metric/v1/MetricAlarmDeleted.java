package io.hearth.contracts.metric.v1;

/**
 * An {@code OS::Hearth::MetricAlarm} was deleted (with its stack, or by an update): it is evaluated no more.
 *
 * @param stackId     the id of the stack that held the alarm resource
 * @param rootStackId the top-level stack of its tree: the Kafka key
 * @param alarmId     the alarm's physical id
 */
public record MetricAlarmDeleted(String stackId, String rootStackId, String alarmId) {
    public static final String TYPE = "io.hearth.metric.alarm-deleted.v1";
}
