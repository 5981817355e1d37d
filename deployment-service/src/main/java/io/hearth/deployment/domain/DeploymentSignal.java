package io.hearth.deployment.domain;

import java.time.Instant;
import java.util.UUID;

/** A signal received for a deployment, with what became of it ({@link SignalOutcome}). */
public class DeploymentSignal {

    public UUID id;
    public String deploymentId;
    public String action;
    public long generation;
    public String outcome;
    public Integer statusCode;

    /** The signal's details (outputs, stdout, stderr, status code) as a JSON object. */
    public String details;
    public Instant receivedAt;
}
