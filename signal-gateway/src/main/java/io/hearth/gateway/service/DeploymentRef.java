package io.hearth.gateway.service;

/**
 * Where a deployment stands in the metadata projection: what a signal for it is published with.
 *
 * @param deploymentId the deployment's id
 * @param serverId     the server whose document lists it
 * @param stackId      its stack (from its {@code deploy_stack_id} input, else the document's), may be null
 * @param action       its {@code deploy_action} input, may be null
 * @param generation   the item's generation
 * @param tenant       the server's tenant, may be null
 * @param stackName    its stack's name (from {@code deploy_stack_id}), may be null
 * @param resourceName its {@code deploy_resource_name} input (its resource in the stack), may be null
 */
public record DeploymentRef(String deploymentId, String serverId, String stackId, String action, long generation,
        String tenant, String stackName, String resourceName) {

    /** True for the deployment of {@code resource} in the stack named or identified by {@code stack} of {@code tenant}. */
    public boolean isResource(String tenant, String stack, String resource) {
        return resource.equals(resourceName) && tenant.equals(this.tenant)
                && (stack.equals(stackId) || stack.equals(stackName));
    }
}
