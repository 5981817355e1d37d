package io.hearth.gateway.service;

/**
 * Where a deployment stands in the metadata projection: what a signal for it is published with.
 *
 * @param deploymentId the deployment's id
 * @param serverId     the server whose document lists it
 * @param stackId      its stack (from its {@code deploy_stack_id} input, else the document's), may be null
 * @param action       its {@code deploy_action} input, may be null
 * @param generation   the item's generation
 */
public record DeploymentRef(String deploymentId, String serverId, String stackId, String action, long generation) {
}
