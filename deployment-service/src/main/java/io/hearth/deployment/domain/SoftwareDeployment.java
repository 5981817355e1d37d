package io.hearth.deployment.domain;

import java.time.Instant;
import java.util.UUID;

/**
 * A software deployment: a config bound to a server with input values, as Heat's software_deployments
 * API shows it, plus the {@code generation} that grows each time it must run again. A plain object: its rows
 * ({@code software_deployment}) are read and written by {@code repository/SoftwareDeploymentRepository} and
 * {@code DeploymentRows}, with the columns of {@code RuntimeColumns.DEPLOYMENTS}; JSON columns hold their JSON text.
 */
public class SoftwareDeployment {

    /** The longest server id the column keeps (V3__deployments.sql), in characters. */
    public static final int MAX_SERVER_ID = 255;
    /** The longest action the column keeps. */
    public static final int MAX_ACTION = 64;
    /** The longest stack_user_project_id the column keeps. */
    public static final int MAX_PROJECT_ID = 255;

    public UUID id;
    public String tenant;
    public String stackId;
    public String stackName;
    public String resourceName;
    public String serverId;
    public UUID configId;

    /** Input values by name, a JSON object. */
    public String inputValues;

    /** Output values by name, a JSON object, or null before any. */
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
    public String statusReason;

    /** CFN_SIGNAL, TEMP_URL_SIGNAL, HEAT_SIGNAL, ZAQAR_SIGNAL or NO_SIGNAL. */
    public String signalTransport;

    /** StructuredDeployment's {@code input_key} (e.g. {@code get_input}), or null for no substitution. */
    public String inputKey;
    public String stackUserProjectId;

    public long generation;

    /** When the signal URL of the current generation expires. */
    public Instant signalExpiresAt;
    public Instant createdAt;
    public Instant updatedAt;

    /** The generation that is an ad-hoc run ({@link DeploymentActions}), or null; see {@link #adHocRun}. */
    public Long runGeneration;

    /** That run's input values (a JSON object), which override {@link #inputValues} for it. */
    public String runInputs;

    /** The generation cancelled through the API, or null: its metadata item says {@code cancelled}. */
    public Long cancelledGeneration;

    /** The generation whose hook last reported progress, or null. */
    public Long progressGeneration;

    /** The percentage of that report, or null. */
    public Integer progress;

    /** The UTF-8 size of its item as last published in its server's metadata (0 before). */
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
