package io.hearth.contracts.scaling.v1;

/**
 * Someone asked a scaling group to change size (an alarm URL, the API, an external autoscaler).
 *
 * @param stackId        the stack's id
 * @param tenant         the owning tenant
 * @param groupName      the scaling group's resource name
 * @param policyName     the ScalingPolicy resource that was triggered, may be null
 * @param adjustment     the adjustment
 * @param adjustmentType change_in_capacity, exact_capacity or percent_change_in_capacity
 * @param reason         why, for the event history
 */
public record ScalingRequested(String stackId, String tenant, String groupName, String policyName,
        int adjustment, String adjustmentType, String reason) {
    public static final String TYPE = "io.hearth.scaling.requested.v1";
}
