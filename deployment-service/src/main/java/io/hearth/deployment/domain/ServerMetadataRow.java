package io.hearth.deployment.domain;

import java.time.Instant;

/**
 * A server's tenant, the generation of its metadata document, which grows with every change, and the size of the
 * document's items as last published.
 */
public class ServerMetadataRow {
    public String serverId;
    public String tenant;
    public String stackId;
    public long generation;
    public Instant updatedAt;
    /** What an abandoned stack's export carried; no longer written (the metadata API renders the document). */
    public String document;
    /** The sum of the UTF-8 sizes of its deployments' items as last published ({@code SoftwareDeployment.itemBytes}). */
    public long documentBytes;
    /** The token of the server's last stack CHECK, published in its document; null before its first check. */
    public String checkToken;
}
