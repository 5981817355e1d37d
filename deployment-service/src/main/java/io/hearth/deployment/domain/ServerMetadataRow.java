package io.hearth.deployment.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;

/**
 * A server's tenant, the generation of its metadata document, which grows with every change, and the size of the
 * document's items as last published.
 */
@Entity
@Table(name = "server_metadata")
public class ServerMetadataRow extends PanacheEntityBase {

    @Id
    @Column(name = "server_id")
    public String serverId;
    public String tenant;
    @Column(name = "stack_id")
    public String stackId;
    public long generation;
    @Column(name = "updated_at")
    public Instant updatedAt;
    /** What an abandoned stack's export carried; no longer written (the metadata API renders the document). */
    public String document;
    /** The sum of the UTF-8 sizes of its deployments' items as last published ({@code SoftwareDeployment.itemBytes}). */
    @Column(name = "document_bytes")
    public long documentBytes;
    /** The token of the server's last stack CHECK, published in its document; null before its first check. */
    @Column(name = "check_token")
    public String checkToken;
}
