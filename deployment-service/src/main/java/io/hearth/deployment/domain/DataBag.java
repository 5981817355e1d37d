package io.hearth.deployment.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;

/**
 * A stack tree's data bag (docs/contextualization.md): its facts as one JSON object and a version that grows with
 * every change, which an operator's compare-and-set names.
 */
@Entity
@Table(name = "data_bag")
public class DataBag extends PanacheEntityBase {

    /** The tree's top-level stack id. */
    @Id
    @Column(name = "root_stack_id")
    public UUID rootStackId;

    public String tenant;

    /** The facts: a JSON object. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "facts::text", write = "?::text::jsonb")
    public String facts;

    public long version;

    @Column(name = "updated_at")
    public Instant updatedAt;
}
