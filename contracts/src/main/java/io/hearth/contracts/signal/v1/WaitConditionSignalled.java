package io.hearth.contracts.signal.v1;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;

/**
 * A WaitConditionHandle was signalled ({@code {"status", "reason", "data", "id"}}).
 *
 * @param stackId    the stack's id
 * @param handleName the handle's resource name
 * @param signalId   the signal's id; a repeat id replaces the earlier data
 * @param status     SUCCESS or FAILURE
 * @param reason     the reason given
 * @param data       the data given
 * @param receivedAt when the gateway accepted the signal
 */
public record WaitConditionSignalled(String stackId, String handleName, String signalId, String status,
        String reason, JsonNode data, Instant receivedAt) {
    public static final String TYPE = "io.hearth.signal.wait-condition-signalled.v1";
}
