package io.hearth.template.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;

/** One of a stack's snapshots (Heat's {@code snapshot} table): the stack's abandon data when it was taken. */
@Entity
@Table(name = "stack_snapshot")
public class StackSnapshot extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "stack_id")
    public UUID stackId;

    public String tenant;

    /** The name the user gave, if any. */
    public String name;

    /** The stack's status when the snapshot was taken, as Heat records it ({@code COMPLETE}). */
    public String status;

    @Column(name = "status_reason")
    public String statusReason;

    /** The stack's abandon data (template, environment, files, resources with their records), as JSON. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "data::text", write = "?::text::jsonb")
    public String data;

    @Column(name = "created_at")
    public Instant createdAt;
}
