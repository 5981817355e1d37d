package io.hearth.deployment.software;

import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Duration;
import java.time.Instant;

/**
 * The meters of deployment runs: {@code hearth.deployment.runs} counts each run (one generation of a deployment, the
 * action its hook was asked for) that ended, by {@code action} (a lifecycle action, or AD_HOC for every ad-hoc one) and {@code outcome} (complete, failed, timed_out,
 * cancelled), and {@code hearth.deployment.run.duration} times it from its start (its metadata was published) to
 * the signal, timeout or cancel that ended it. Counted when the ending is written; labels name no tenant, stack or
 * deployment.
 */
@ApplicationScoped
public class DeploymentMeters {

    /** How a run ended, as the {@code outcome} label says it. */
    public enum Ending {
        COMPLETE, FAILED, TIMED_OUT, CANCELLED;

        String label() {
            return name().toLowerCase();
        }
    }

    private final MeterRegistry registry;
    private final SignalConfig signal;

    public DeploymentMeters(MeterRegistry registry, SignalConfig signal) {
        this.registry = registry;
        this.signal = signal;
    }

    /** A run that a hook's signal (or an update through the API) ended with the deployment's status now. */
    void ended(SoftwareDeployment d) {
        ended(d, DeploymentActions.CANCELLED.equals(d.statusReason) ? Ending.CANCELLED
                : Status.COMPLETE.is(d.status) ? Ending.COMPLETE : Ending.FAILED);
    }

    /** A run that ended as {@code ending}, at the deployment's {@code updatedAt}. */
    void ended(SoftwareDeployment d, Ending ending) {
        // Ad-hoc actions are named by tenants: one label for all of them.
        String action = DeploymentActions.LIFECYCLE.contains(d.action) ? d.action : "AD_HOC";
        Counter.builder("hearth.deployment.runs").tag("action", action).tag("outcome", ending.label())
                .description("Deployment runs that ended, by action and outcome").register(registry).increment();
        if (d.signalExpiresAt != null) {
            // A generation's signal URL expires urlTtl after its start (SoftwareDeployments.startGeneration).
            Instant started = d.signalExpiresAt.minus(signal.urlTtl());
            Instant end = d.updatedAt != null ? d.updatedAt : Instant.now();
            Duration took = Duration.between(started, end);
            Timer.builder("hearth.deployment.run.duration").tag("action", action).tag("outcome", ending.label())
                    .description("Deployment runs from their start (metadata published) to their end")
                    .publishPercentileHistogram().register(registry).record(took.isNegative() ? Duration.ZERO : took);
        }
    }
}
