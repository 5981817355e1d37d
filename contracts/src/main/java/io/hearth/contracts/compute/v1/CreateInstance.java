package io.hearth.contracts.compute.v1;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * A compute driver should create a server and start its agent with the metadata URL.
 *
 * @param serverId    the server's id
 * @param stackId     the stack's id
 * @param tenant      the owning tenant
 * @param name        the server's name
 * @param image       the requested image, informative for the local driver
 * @param flavor      the requested flavor, informative for the local driver
 * @param metadataUrl the server's pre-signed metadata URL the agent polls
 * @param userData    user data, may be null
 */
public record CreateInstance(String serverId, String stackId, String tenant, String name, String image,
        String flavor, String metadataUrl, JsonNode userData) {
    public static final String TYPE = "io.hearth.compute.create-instance.v1";
}
