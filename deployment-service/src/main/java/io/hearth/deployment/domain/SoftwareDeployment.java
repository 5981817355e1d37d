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
 * A software deployment: a config bound to a server with input values, as Heat's software_deployments
 * API shows it, plus the {@code generation} that grows each time it must run again. JSON columns are
 * cast in SQL as in {@link io.hearth.deployment.domain.SoftwareConfig}. An update writes only the columns it changed.
 */
@DynamicUpdate
@Entity
@Table(name = "software_deployment")
public class SoftwareDeployment extends PanacheEntityBase {

    /** The longest server id the column keeps (V3__deployments.sql), in characters. */
    public static final int MAX_SERVER_ID = 255;
    /** The longest action the column keeps. */
    public static final int MAX_ACTION = 64;
    /** The longest stack_user_project_id the column keeps. */
    public static final int MAX_PROJECT_ID = 255;

    @Id
    public UUID id;
    public String tenant;
    @Column(name = "stack_id")
    public String stackId;
    @Column(name = "stack_name")
    public String stackName;
    @Column(name = "resource_name")
    public String resourceName;
    @Column(name = "server_id")
    public String serverId;
    @Column(name = "config_id")
    public UUID configId;

    /** Input values by name, a JSON object. */
    @Column(name = "input_values", columnDefinition = "jsonb")
    @ColumnTransformer(read = "input_values::text", write = "?::text::jsonb")
    public String inputValues;

    /** Output values by name, a JSON object, or null before any. */
    @Column(name = "output_values", columnDefinition = "jsonb")
    @ColumnTransformer(read = "output_values::text", write = "?::text::jsonb")
    public String outputValues;

    /**
     * The action deployed, free text: Heat's software deployment API takes any action (up to
     * {@link #MAX_ACTION} characters), not only an {@link io.hearth.contracts.stack.Action}; the engine's own are
     * CREATE, UPDATE and DELETE.
     */
    public String action;

    /**
     * IN_PROGRESS, COMPLETE or FAILED, kept as text as Heat keeps it (Heat's API stores any status, Hearth's takes
     * these three); compare it with {@code Status.X.is(status)}.
     */
    public String status;
    @Column(name = "status_reason")
    public String statusReason;

    /** CFN_SIGNAL, TEMP_URL_SIGNAL, HEAT_SIGNAL, ZAQAR_SIGNAL or NO_SIGNAL. */
    @Column(name = "signal_transport")
    public String signalTransport;

    /** StructuredDeployment's {@code input_key} (e.g. {@code get_input}), or null for no substitution. */
    @Column(name = "input_key")
    public String inputKey;

    @Column(name = "stack_user_project_id")
    public String stackUserProjectId;

    public long generation;

    /** When the signal URL of the current generation expires. */
    @Column(name = "signal_expires_at")
    public Instant signalExpiresAt;

    @Column(name = "created_at")
    public Instant createdAt;
    @Column(name = "updated_at")
    public Instant updatedAt;

    /** The generation that is an ad-hoc run ({@link DeploymentActions}), or null; see {@link #adHocRun}. */
    @Column(name = "run_generation")
    public Long runGeneration;

    /** That run's input values (a JSON object), which override {@link #inputValues} for it. */
    @Column(name = "run_inputs", columnDefinition = "jsonb")
    @ColumnTransformer(read = "run_inputs::text", write = "?::text::jsonb")
    public String runInputs;

    /** The generation cancelled through the API, or null: its metadata item says {@code cancelled}. */
    @Column(name = "cancelled_generation")
    public Long cancelledGeneration;

    /** The generation whose hook last reported progress, or null. */
    @Column(name = "progress_generation")
    public Long progressGeneration;

    /** The percentage of that report, or null. */
    public Integer progress;

    /** The UTF-8 size of its item as last published in its server's metadata (0 before). */
    @Column(name = "item_bytes")
    public int itemBytes;

    /** Whether the current generation is an ad-hoc run. */
    public boolean adHocRun() {
        return runGeneration != null && runGeneration == generation;
    }

    /** Whether the current generation was cancelled. */
    public boolean cancelled() {
        return cancelledGeneration != null && cancelledGeneration == generation;
    }

    /** The percentage the current generation's hook last reported, or null. */
    public Integer currentProgress() {
        return progressGeneration != null && progressGeneration == generation ? progress : null;
    }
}
