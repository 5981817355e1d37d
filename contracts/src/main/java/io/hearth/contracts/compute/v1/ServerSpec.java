package io.hearth.contracts.compute.v1;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * What a compute driver needs to create a server and start its agent with the metadata URL; part of every
 * {@link ServerDesired} of the server (it does not change during the server's life).
 *
 * @param serverId    the server's id
 * @param stackId     the stack's id
 * @param tenant      the owning tenant
 * @param name        the server's name
 * @param image       the requested image (null for an {@code OS::Heat::DeployedServer}), informative for the local driver
 * @param flavor      the requested flavor (null for an {@code OS::Heat::DeployedServer}), informative for the local driver
 * @param metadataUrl the server's pre-signed metadata URL the agent polls
 * @param userData    user data, may be null
 */
public record ServerSpec(String serverId, String stackId, String tenant, String name, String image,
        String flavor, String metadataUrl, JsonNode userData) {
}
