package io.hearth.template.domain;

import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.smallrye.mutiny.Uni;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;
import org.hibernate.annotations.DynamicUpdate;

/**
 * One resource of a stack as {@code /resources} shows it: planned as INIT_COMPLETE, then the
 * latest status deployment-service reported for it. An update writes only the columns it changed.
 */
@DynamicUpdate
@Entity
@Table(name = "stack_resource")
public class StackResourceState extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "stack_id")
    public UUID stackId;

    /** The resource's name in the template (Heat's logical resource id). */
    public String name;

    @Column(name = "resource_type")
    public String resourceType;

    /** The id of what deployment-service created, null until known. */
    @Column(name = "physical_resource_id")
    public String physicalResourceId;

    /** Stored by name, as the status events name it. */
    @Enumerated(EnumType.STRING)
    public Action action;

    @Enumerated(EnumType.STRING)
    public Status status;

    @Column(name = "status_reason")
    public String statusReason;

    /** Attribute values reported so far, a JSON object, or null. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "attributes::text", write = "?::text::jsonb")
    public String attributes;

    /** The resource's metadata section as planned, a JSON object, or null. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "metadata::text", write = "?::text::jsonb")
    public String metadata;

    /** The resource's description in the template, or null. */
    public String description;

    /** Names of the resources that depend on this one, a JSON array as text. */
    @Column(name = "required_by")
    public String requiredBy;

    /** Position in the plan's dependency order. */
    public int position;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    /** Heat's combined status, e.g. CREATE_COMPLETE. */
    public String resourceStatus() {
        return action.with(status);
    }

    /** A stack's resources in plan order. */
    public static Uni<List<StackResourceState>> ofStack(UUID stackId) {
        return list("stackId = ?1 order by position, name", stackId);
    }

    /** A stack's resource by name, or null. */
    public static Uni<StackResourceState> named(UUID stackId, String name) {
        return find("stackId = ?1 and name = ?2", stackId, name).firstResult();
    }
}
