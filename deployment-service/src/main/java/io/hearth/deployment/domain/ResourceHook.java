package io.hearth.deployment.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import jakarta.persistence.EmbeddedId;
import jakarta.persistence.Entity;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.time.Instant;
import java.util.UUID;

/**
 * A breakpoint a resource reached (Heat's hook data, {@code data_set(hook, "True")}): the resource waits at it
 * while it is pending (not cleared) and the stack is still in the traversal that reached it.
 */
@Entity
@Table(name = "resource_hook")
public class ResourceHook extends PanacheEntityBase {

    /** The stack, the resource's name and the hook type ({@code pre-create}, ...). */
    @Embeddable
    public record Key(@Column(name = "stack_id") UUID stackId, String resource, String hook) implements Serializable {
    }

    @EmbeddedId
    public Key key;

    /** The stack's traversal that reached it. */
    public long traversal;

    @Column(name = "reached_at")
    public Instant reachedAt;

    /** When Heat's {@code unset_hook} signal cleared it; null while the resource waits. */
    @Column(name = "cleared_at")
    public Instant clearedAt;
}
