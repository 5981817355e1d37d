package io.hearth.contracts.stack.v1;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A stack's outputs were evaluated again outside any action of the stack, because a signal changed a resource's
 * attributes while the stack's status stayed as it was (a ScalingPolicy's alarm resized an AutoScalingGroup, ...).
 * Heat resolves outputs from the resources' current attributes at every stack show; Hearth publishes them again
 * instead. No event of the stack's history goes with it, as Heat writes none.
 *
 * @param stackId   the stack's id
 * @param tenant    the owning tenant
 * @param stackName the stack's name
 * @param outputs   resolved output values by name
 * @param version   the stack's version after this change: the same sequence as {@link StackStatusChanged#version()},
 *                  so readers ignore whichever of the two is older
 */
public record StackOutputsChanged(String stackId, String tenant, String stackName, Map<String, JsonNode> outputs,
        long version) {
    public static final String TYPE = "io.hearth.stack.outputs-changed.v1";
}
