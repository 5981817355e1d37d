package io.hearth.deployment.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;

/** A signal received for a deployment, with what became of it ({@link SignalOutcome}). */
@Entity
@Table(name = "deployment_signal")
public class DeploymentSignal extends PanacheEntityBase {

    @Id
    public UUID id;
    @Column(name = "deployment_id")
    public String deploymentId;
    public String action;
    public long generation;
    public String outcome;
    @Column(name = "status_code")
    public Integer statusCode;

    /** The signal's details (outputs, stdout, stderr, status code) as a JSON object. */
    @Column(columnDefinition = "jsonb")
    @ColumnTransformer(read = "details::text", write = "?::text::jsonb")
    public String details;

    @Column(name = "received_at")
    public Instant receivedAt;
}
