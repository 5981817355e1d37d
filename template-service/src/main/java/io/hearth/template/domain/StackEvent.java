package io.hearth.template.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** One entry of a stack's history, as {@code /events} shows it. */
@Entity
@Table(name = "stack_event")
public class StackEvent extends PanacheEntityBase {

    /** The id of the Kafka event it came from. */
    @Id
    public UUID id;

    /** Arrival order, assigned by the database. */
    @Column(insertable = false, updatable = false)
    public Long seq;

    @Column(name = "stack_id")
    public UUID stackId;

    /** The resource's name, or the stack's name for stack-level events (as Heat does). */
    @Column(name = "resource_name")
    public String resourceName;

    @Column(name = "physical_resource_id")
    public String physicalResourceId;

    @Column(name = "resource_type")
    public String resourceType;

    /**
     * As the event reported them, kept as text: an event's action need not be an
     * {@link io.hearth.contracts.stack.Action} (Heat's signal events say {@code SIGNAL}), and the history keeps what
     * it was told.
     */
    public String action;
    public String status;

    @Column(name = "status_reason")
    public String statusReason;

    @Column(name = "event_time")
    public Instant eventTime;
}
