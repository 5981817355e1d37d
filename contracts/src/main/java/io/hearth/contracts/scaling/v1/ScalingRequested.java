package io.hearth.contracts.scaling.v1;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Someone asked a scaling group to change size (an alarm URL, the API, an external autoscaler).
 *
 * @param stackId        the stack's id
 * @param tenant         the owning tenant
 * @param groupName      the scaling group's resource name
 * @param policyName     the ScalingPolicy resource that was triggered, may be null
 * @param adjustment     the adjustment (0 with no type: the policy's own)
 * @param adjustmentType change_in_capacity, exact_capacity or percent_change_in_capacity; null for the policy's
 * @param reason         why, for the event history
 * @param details        the signal's body as sent (an alarm's {@code previous}, {@code current}, {@code reason}),
 *                       may be null; optional, added in v1
 */
public record ScalingRequested(String stackId, String tenant, String groupName, String policyName,
        int adjustment, String adjustmentType, String reason, JsonNode details) {
    public static final String TYPE = "io.hearth.scaling.requested.v1";

    /** A request without details. */
    public ScalingRequested(String stackId, String tenant, String groupName, String policyName, int adjustment,
            String adjustmentType, String reason) {
        this(stackId, tenant, groupName, policyName, adjustment, adjustmentType, reason, null);
    }
}
