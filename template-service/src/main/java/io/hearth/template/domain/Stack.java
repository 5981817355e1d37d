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
 * A stack as its user defined it, with the status read model fed by stack events. An update writes only the columns
 * it changed: a status event does not send the template back, nor overwrite a definition an API request changed.
 */
@DynamicUpdate
@Entity
@Table(name = "stack")
public class Stack extends PanacheEntityBase {

    @Id
    public UUID id;
    public String tenant;
    public String name;

    /** What the last create or update accepted without checking; reported in its answer, not stored. */
    @jakarta.persistence.Transient
    public java.util.List<String> warnings = java.util.List.of();
    public String description;

    /** The template as JSON. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "template::text", write = "?::text::jsonb")
    public String template;

    /** The environment as JSON, may be null. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "environment::text", write = "?::text::jsonb")
    public String environment;

    /** The request's files (name to content) as JSON, may be null. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "files::text", write = "?::text::jsonb")
    public String files;

    /** The resolved parameter values as a JSON object. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "parameters::text", write = "?::text::jsonb")
    public String parameters;

    /**
     * What the stack was defined as before the update under way ({@code description, template, environment, files,
     * parameters, timeoutMins, disableRollback}), put back if the update is rolled back; null when there is none.
     */
    @Column(name = "previous_definition", columnDefinition = "jsonb")
    @ColumnTransformer(read = "previous_definition::text", write = "?::text::jsonb")
    public String previousDefinition;

    @Column(name = "timeout_mins")
    public Integer timeoutMins;

    @Column(name = "disable_rollback")
    public boolean disableRollback;

    /** Stored by name, as the status events name it. */
    @Enumerated(EnumType.STRING)
    public Action action;

    @Enumerated(EnumType.STRING)
    public Status status;

    @Column(name = "status_reason")
    public String statusReason;

    /** Resolved outputs as a JSON object once known, else null. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "outputs::text", write = "?::text::jsonb")
    public String outputs;

    /** The version of the last status event applied; older events are ignored. */
    @Column(name = "status_version")
    public long statusVersion;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    @Column(name = "deleted_at")
    public Instant deletedAt;

    /** For a nested stack, the stack whose resource owns it; null for a top stack. */
    @Column(name = "parent_id")
    public UUID parentId;

    /** For a nested stack, the name of the parent's resource that owns it. */
    @Column(name = "parent_resource")
    public String parentResource;

    /** Heat's combined status, e.g. CREATE_COMPLETE. */
    public String stackStatus() {
        return action.with(status);
    }

    /** A tenant's live stack by name or id. */
    public static Uni<Stack> findLive(String tenant, String nameOrId) {
        UUID id = parseId(nameOrId);
        return id == null ? findLiveByName(tenant, nameOrId)
                : find("tenant = ?1 and id = ?2 and deletedAt is null", tenant, id).firstResult();
    }

    /** A tenant's live stack by name. */
    public static Uni<Stack> findLiveByName(String tenant, String name) {
        return find("tenant = ?1 and name = ?2 and deletedAt is null", tenant, name).firstResult();
    }

    /** A tenant's stack by id, deleted ones included (Heat shows DELETE_COMPLETE by id). */
    public static Uni<Stack> findAny(String tenant, String id) {
        UUID uuid = parseId(id);
        return uuid == null ? Uni.createFrom().nullItem()
                : find("tenant = ?1 and id = ?2", tenant, uuid).firstResult();
    }

    /** A tenant's live stacks, newest first. */
    public static Uni<List<Stack>> listLive(String tenant) {
        return list("tenant = ?1 and deletedAt is null order by createdAt desc", tenant);
    }

    /** The id a string names, or null when it is not a UUID. */
    public static UUID parseId(String value) {
        try {
            return UUID.fromString(value);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
