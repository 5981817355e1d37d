package io.hearth.deployment.domain;

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
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;
import org.hibernate.annotations.DynamicUpdate;

/**
 * A stack as deployment-service runs it: its plan and where it stands. An update writes only the columns it changed:
 * a status change does not send the plan back as jsonb.
 */
@DynamicUpdate
@Entity
@Table(name = "stack_runtime")
public class StackRuntime extends PanacheEntityBase {

    @Id
    public UUID id;
    public String tenant;
    public String name;

    /** The plan from template-service, as JSON. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "plan::text", write = "?::text::jsonb")
    public String plan;

    /**
     * The plan before the update under way (Heat's {@code prev_raw_template}), which a rollback returns to; null
     * when there is none (a create, or once a rollback took it).
     */
    @Column(name = "previous_plan", columnDefinition = "jsonb")
    @ColumnTransformer(read = "previous_plan::text", write = "?::text::jsonb")
    public String previousPlan;

    /** CREATE, UPDATE or DELETE (stored by name). */
    @Enumerated(EnumType.STRING)
    public Action action;

    @Enumerated(EnumType.STRING)
    public Status status;

    @Column(name = "status_reason")
    public String statusReason;

    /** Grows with every published status change, so readers can drop stale ones. */
    @Column(name = "status_version")
    public long statusVersion;

    /**
     * A digest of the outputs last published with a status or on their own; null when none were, or the stack
     * changed status without them since. Outputs evaluated again are published only when their digest differs.
     */
    @Column(name = "outputs_digest")
    public String outputsDigest;

    /**
     * Heat's abandon data this stack is adopted from when it carries no Hearth records (its level's {@code resources}
     * map, each entry a resource's {@code resource_id}, {@code resource_data} and, for a nested stack, its own
     * {@code resources}): its ADOPT traversal's handlers adopt from it ({@code ResourceHandler.adopt}). Null otherwise.
     */
    @Column(name = "adopt_data", columnDefinition = "jsonb")
    @ColumnTransformer(read = "adopt_data::text", write = "?::text::jsonb")
    public String adoptData;

    /**
     * Grows with every action (create, update, delete): a resource whose row carries the current
     * traversal has been brought in line with it (Heat convergence's {@code current_traversal}).
     */
    public long traversal;

    /**
     * When the action under way times out (Heat's {@code timeout_mins} from the action's start); the
     * resources still waiting then fail and so does the stack.
     */
    @Column(name = "timeout_at")
    public Instant timeoutAt;

    /** The time of the last event published for this stack; event times grow strictly per stack. */
    @Column(name = "last_event_at")
    public Instant lastEventAt;

    /** For a nested stack, the stack whose resource owns it; null for a top stack. */
    @Column(name = "parent_stack_id")
    public UUID parentStackId;

    /** For a nested stack, the name of the parent's resource that owns it. */
    @Column(name = "parent_resource")
    public String parentResource;

    /** For a nested stack, the top-level stack of its tree; null for a top stack. */
    @Column(name = "root_stack_id")
    public UUID rootStackId;

    /** How deep the stack nests: 0 for a top stack, 1 for its children, ... */
    @Column(name = "nested_depth")
    public int nestedDepth;

    /**
     * For a nested stack whose update is a contextualization (a SoftwareDeploymentGroup's inputs changed), the
     * group resource's {@code context_depth}, which its resources' actions take; 0 for any other action.
     */
    @Column(name = "context_depth")
    public int contextDepth;

    /**
     * Set while the parent's resource drives this nested stack in the parent's own transaction: an action
     * that ends then is seen by the resource at once, so no signal needs to tell it (not stored).
     */
    @Transient
    public boolean parentWatching;

    /** Optimistic lock: a stale owner's write fails instead of overwriting. */
    @Version
    public long version;

    @Column(name = "created_at")
    public Instant createdAt;

    @Column(name = "updated_at")
    public Instant updatedAt;

    /** A new top-level stack of the tenant with that plan (JSON), not yet stored, before its first action. */
    public static StackRuntime top(UUID id, String tenant, String name, String plan) {
        StackRuntime stack = new StackRuntime();
        stack.id = id;
        stack.tenant = tenant;
        stack.name = name;
        stack.plan = plan;
        stack.createdAt = Instant.now();
        return stack;
    }

    /**
     * The key of this stack's events on {@code hearth.stack.events} and of every input of the engine about it
     * ({@code hearth.stack.commands}, {@code hearth.signals}, {@code hearth.scaling}, {@code hearth.membership}): its
     * tree's top-level stack, so that a nested stack's events and its parent's reach a consumer in the order they
     * were written (one partition), and one replica owns the whole tree.
     */
    public String eventKey() {
        return (rootStackId == null ? id : rootStackId).toString();
    }
}
