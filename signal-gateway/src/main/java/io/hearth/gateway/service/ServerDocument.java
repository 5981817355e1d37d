package io.hearth.gateway.service;

import java.util.Set;

/**
 * The newest metadata document of one server as the gateway serves it.
 *
 * @param serverId      the server's id
 * @param stackId       its stack, may be null
 * @param generation    the document's generation
 * @param deleted       true for a server whose document was deleted (a tombstone was seen)
 * @param body          the rendered response body ({@code server_id, stack_id, generation, deployments})
 * @param deploymentIds the ids of the deployments it lists
 * @param check         the token of the stack CHECK (or resume) the document asks the agent to answer, else null
 */
public record ServerDocument(String serverId, String stackId, long generation, boolean deleted, byte[] body,
        Set<String> deploymentIds, String check) {

    /** The marker of a deleted server. */
    public static ServerDocument deleted(String serverId, long generation) {
        return new ServerDocument(serverId, null, generation, true, null, Set.of(), null);
    }
}
