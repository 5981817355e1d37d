package io.hearth.gateway.service;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * The newest metadata document of one server as the gateway serves it, immutable; its body is rendered on first
 * read (a server's records can come faster than its agent polls, and a replay renders nothing).
 */
public final class ServerDocument {

    private final String serverId;
    private final String stackId;
    private final String tenant;
    private final long generation;
    private final boolean deleted;
    private final String check;
    private final List<JsonNode> deployments;
    private volatile byte[] body;

    /**
     * @param serverId    the server's id
     * @param stackId     its stack, may be null
     * @param tenant      its tenant, may be null
     * @param generation  the document's generation
     * @param deleted     true for a server whose document was deleted (a tombstone was seen)
     * @param check       the token of the stack CHECK (or resume) the document asks the agent to answer, else null
     * @param deployments its items in Heat's order
     */
    public ServerDocument(String serverId, String stackId, String tenant, long generation, boolean deleted,
            String check, List<JsonNode> deployments) {
        this.serverId = serverId;
        this.stackId = stackId;
        this.tenant = tenant;
        this.generation = generation;
        this.deleted = deleted;
        this.check = check;
        this.deployments = List.copyOf(deployments);
    }

    public String serverId() {
        return serverId;
    }

    public String stackId() {
        return stackId;
    }

    public String tenant() {
        return tenant;
    }

    public long generation() {
        return generation;
    }

    public boolean deleted() {
        return deleted;
    }

    public String check() {
        return check;
    }

    /** Its items, in Heat's order. */
    public List<JsonNode> deployments() {
        return deployments;
    }

    /** The response body ({@code server_id, stack_id, generation, deployments[, check]}); null when deleted. */
    public byte[] body() {
        byte[] rendered = body;
        if (rendered == null && !deleted) {
            rendered = MetadataDocuments.body(serverId, stackId, generation, deployments, check);
            body = rendered;
        }
        return rendered;
    }
}
