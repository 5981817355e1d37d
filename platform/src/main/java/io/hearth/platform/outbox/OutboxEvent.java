package io.hearth.platform.outbox;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;

/** One event waiting in the outbox, written in the same transaction as the change that caused it. */
@Entity
@Table(name = "outbox_event")
public class OutboxEvent extends PanacheEntityBase {

    /** The CloudEvents id (a random id for a tombstone). */
    @Id
    public UUID id;

    /** What kind of thing the event is about, e.g. {@code stack}. */
    public String aggregatetype;

    /** The Kafka key: the stack id, or the server id for per-server topics. */
    public String aggregateid;

    /** The CloudEvents type, or {@link Outbox#TOMBSTONE}. */
    public String type;

    /** The topic the relay publishes to. */
    public String topic;

    /** The whole CloudEvents envelope as JSON; null for a tombstone (a record with a null value). */
    @Column(columnDefinition = "text")
    public String payload;

    /** Its place in the order the relay publishes in: an identity column the database fills. */
    @Column(insertable = false, updatable = false)
    public Long seq;

    /** When the event was written. */
    public Instant timestamp;

    /** When the broker acknowledged it; null while it waits. */
    @Column(name = "published_at")
    public Instant publishedAt;
}
