package io.hearth.deployment.software;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a new deployment is made of.
 *
 * @param tenant             the owning tenant
 * @param stackId            the stack's id, null for a deployment made through the API
 * @param stackName          the stack's name (for {@code deploy_stack_id}: {@code name/id}), may be null
 * @param resourceName       the deployment's resource name in the stack, may be null
 * @param serverId           the server it runs on
 * @param configId           the software config it applies
 * @param inputValues        input values by name (a JSON object), may be null
 * @param action             the action to run, may be null (Heat's API stores none)
 * @param signalTransport    Heat's signal_transport, CFN_SIGNAL when null
 * @param inputKey           StructuredDeployment's input_key ({@code get_input}), null for no substitution
 * @param status             the status to store, null for IN_PROGRESS (COMPLETE with NO_SIGNAL)
 * @param statusReason       the reason to store, null for Heat's default
 * @param stackUserProjectId Heat's stack_user_project_id, kept and otherwise unused
 */
public record NewDeployment(String tenant, String stackId, String stackName, String resourceName, String serverId,
        String configId, JsonNode inputValues, String action, String signalTransport, String inputKey, String status,
        String statusReason, String stackUserProjectId) {
}
