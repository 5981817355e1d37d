package io.hearth.contracts.metric.v1;

import java.util.List;

/**
 * An {@code OS::Hearth::MetricAlarm} was created or updated: its whole definition, which replaces any earlier one
 * of the same alarm.
 *
 * @param stackId            the id of the stack holding the alarm resource
 * @param rootStackId        the top-level stack of its tree: the Kafka key
 * @param tenant             the owning tenant
 * @param alarmId            the alarm's physical id
 * @param alarmName          the alarm's resource name
 * @param meterName          the metric watched
 * @param statistic          avg, sum, min, max or count
 * @param period             the length of one evaluation period, in seconds
 * @param evaluationPeriods  how many periods in a row must cross the threshold
 * @param threshold          the threshold
 * @param comparisonOperator gt, ge, lt, le, eq or ne
 * @param alarmActions       URLs POSTed on a transition into alarm
 * @param okActions          URLs POSTed on a transition into ok
 * @param insufficientDataActions URLs POSTed on a transition into insufficient data
 * @param repeatActions      whether the actions are POSTed again at every evaluation that stays in the state
 * @param enabled            whether the alarm is evaluated at all
 * @param groupStackId       the stack holding the group whose members push, null for the whole stack tree
 * @param groupName          that group's resource name, null for the whole stack tree
 */
public record MetricAlarmDefined(String stackId, String rootStackId, String tenant, String alarmId, String alarmName,
        String meterName, String statistic, int period, int evaluationPeriods, double threshold,
        String comparisonOperator, List<String> alarmActions, List<String> okActions,
        List<String> insufficientDataActions, boolean repeatActions, boolean enabled, String groupStackId,
        String groupName) {
    public static final String TYPE = "io.hearth.metric.alarm-defined.v1";
}
