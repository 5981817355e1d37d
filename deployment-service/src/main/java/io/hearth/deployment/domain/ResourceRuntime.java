package io.hearth.deployment.domain;

import com.fasterxml.jackson.core.type.TypeReference;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import jakarta.persistence.Transient;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;
import org.hibernate.annotations.DynamicUpdate;

/**
 * One physical incarnation of a stack's resource and where it stands. A replacement is a new row
 * with the same name; the row it replaces is marked {@link #replaced} until it is deleted. An update writes only the
 * columns it changed.
 */
@DynamicUpdate
@Entity
@Table(name = "resource_runtime")
public class ResourceRuntime extends PanacheEntityBase {

    @Id
    public UUID id;

    @Column(name = "stack_id")
    public UUID stackId;

    /** The resource's name in the template. */
    public String name;
    public String type;

    /**
     * For a template resource (a nested stack), its template's name among the plan's files; null for every other
     * resource. It picks the handler whatever type name the template gave.
     */
    public String template;

    /** CREATE, UPDATE, DELETE or CHECK (stored by name). */
    @Enumerated(EnumType.STRING)
    public Action action;

    /** IN_PROGRESS, COMPLETE or FAILED (stored by name). */
    @Enumerated(EnumType.STRING)
    public Status status;

    @Column(name = "status_reason")
    public String statusReason;

    /** Heat's {@code physical_resource_id}, null until created. */
    @Column(name = "physical_id")
    public String physicalId;

    /** What {@code get_resource} returns; null means the resource's name, as in Heat. */
    @Column(name = "reference_id")
    public String referenceId;

    /** Attribute values by name, as JSON; null until created. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "attributes::text", write = "?::text::jsonb")
    public String attributes;

    /**
     * What the handler keeps for itself (Heat's {@code resource_data}) as a JSON map, e.g. a server's
     * metadata URL; not an attribute, never published. Null when the handler keeps nothing.
     */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "data::text", write = "?::text::jsonb")
    public String data;

    /** The properties as resolved when the resource was last created or updated, defaults applied. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "properties::text", write = "?::text::jsonb")
    public String properties;

    /**
     * Names of the resources this one depended on when last created or updated, as a JSON list (cast in
     * SQL: Hibernate Reactive's JSON type binds JSON objects only).
     */
    @Column(name = "depends_on", columnDefinition = "jsonb")
    @ColumnTransformer(read = "depends_on::text", write = "?::text::jsonb")
    public String dependsOn;

    /** The stack traversal this row was last brought in line with. */
    public long traversal;

    /**
     * For a group, its CREATE_COMPLETE members as the notifier last published them:
     * {@code {"generation": N, "members": [{"name", "server_id", "address"}]}}; null before the first generation.
     */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "membership::text", write = "?::text::jsonb")
    public String membership;

    /**
     * How many contextualization reruns in a row led to the current action: 0 for a stack action, a scaling or an
     * operator's change; one more than the resource whose change started it for a contextualization.
     */
    @Column(name = "context_depth")
    public int contextDepth;

    /** Superseded by a replacement; deleted when the update cleans up. */
    public boolean replaced;

    /** When the current action started. */
    @Column(name = "started_at")
    public Instant startedAt;

    /** When the timer loop looks at this resource again; null when it waits for nothing timed. */
    @Column(name = "wake_at")
    public Instant wakeAt;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    /** Heat's combined state, e.g. {@code CREATE_COMPLETE}. */
    public String state() {
        return action.with(status);
    }

    /** Whether the row is in that state. */
    public boolean is(Action action, Status status) {
        return this.action == action && this.status == status;
    }

    /** {@link #dependsOn} as last parsed, and the text it was parsed from (not stored). */
    @Transient
    private String parsedDependsOn;
    @Transient
    private List<String> dependsOnNames;

    /**
     * The names the row depended on when it was last created or updated, parsed once per text: the
     * scheduler reads them many times in one step.
     */
    public List<String> dependsOnNames() {
        if (dependsOn == null) {
            return List.of();
        }
        if (dependsOnNames == null || !dependsOn.equals(parsedDependsOn)) {
            dependsOnNames = List.copyOf(HearthJson.read(dependsOn, new TypeReference<List<String>>() {
            }));
            parsedDependsOn = dependsOn;
        }
        return dependsOnNames;
    }
}
