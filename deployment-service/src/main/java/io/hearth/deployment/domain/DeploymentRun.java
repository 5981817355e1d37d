package io.hearth.deployment.domain;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.UUID;
import org.hibernate.annotations.ColumnTransformer;
import org.hibernate.annotations.DynamicUpdate;

/**
 * One ad-hoc run of a deployment (one generation): the action and input values asked for, and its status, progress
 * and outputs as they are now, kept after later generations for the deployment's {@code runs} list. An update writes
 * only the columns it changed.
 */
@DynamicUpdate
@Entity
@Table(name = "deployment_run")
public class DeploymentRun extends PanacheEntityBase {

    @Id
    public UUID id;
    @Column(name = "deployment_id")
    public UUID deploymentId;
    public long generation;
    public String action;

    /** The input values given with the request, a JSON object (they override the deployment's for this run). */
    @Column(name = "input_values", columnDefinition = "jsonb")
    @ColumnTransformer(read = "input_values::text", write = "?::text::jsonb")
    public String inputValues;

    public String status;
    @Column(name = "status_reason")
    public String statusReason;
    public Integer progress;

    /** The run's outputs once it ended, a JSON object, or null. */
    @Column(name = "output_values", columnDefinition = "jsonb")
    @ColumnTransformer(read = "output_values::text", write = "?::text::jsonb")
    public String outputValues;

    @Column(name = "requested_at")
    public Instant requestedAt;
    @Column(name = "updated_at")
    public Instant updatedAt;
}
