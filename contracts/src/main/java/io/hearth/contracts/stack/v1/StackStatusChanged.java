package io.hearth.contracts.stack.v1;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;

/**
 * A stack entered a new action/status pair, as Heat names them (CREATE_IN_PROGRESS ...).
 *
 * @param stackId      the stack's id
 * @param tenant       the owning tenant
 * @param stackName    the stack's name
 * @param action       CREATE, UPDATE, DELETE, SUSPEND, RESUME, CHECK, ...
 * @param status       IN_PROGRESS, COMPLETE or FAILED
 * @param statusReason why, in words a user reads
 * @param outputs      resolved output values by name once the stack completed, else null
 * @param version      grows with every change of this stack; readers ignore older versions
 */
public record StackStatusChanged(String stackId, String tenant, String stackName, String action,
        String status, String statusReason, Map<String, JsonNode> outputs, long version) {
    public static final String TYPE = "io.hearth.stack.status-changed.v1";

    /** Heat's combined form, e.g. {@code CREATE_COMPLETE}. */
    public String stackStatus() {
        return action + "_" + status;
    }
}
