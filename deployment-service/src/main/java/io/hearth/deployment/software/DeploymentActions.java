package io.hearth.deployment.software;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Ad-hoc actions on one deployment (Hearth's API, docs/api.md "Ad-hoc actions"): a named action (BACKUP,
 * ROTATE-KEYS, ...) runs once as the deployment's next generation, with {@code deploy_action} the name and the
 * request's input values over the deployment's own for that run only; and the marks a cancelled run leaves in its
 * server's metadata, from which the agent learns to stop its hook. Runs in the caller's transaction.
 */
@ApplicationScoped
public class DeploymentActions {

    /** The name of the request that cancels a running deployment instead of running an action. */
    public static final String CANCEL = "CANCEL";

    /** The status reason of a run failed by a cancel. */
    public static final String CANCELLED = "cancelled";

    /** What an ad-hoc action's name must look like: upper case letters, digits, '_' and '-', at most 64. */
    public static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_-]{0,63}");

    /** The actions the stack's lifecycle runs (Heat's and Hearth's CONTEXTUALIZE), never ad hoc. */
    public static final Set<String> LIFECYCLE = Set.of("CREATE", "UPDATE", "DELETE", "SUSPEND", "RESUME",
            SoftwareDeployments.CONTEXTUALIZE, "CHECK", "ADOPT", "ABANDON", "ROLLBACK", "INIT");

    private final SoftwareDeployments deployments;
    private final DeploymentPublisher publisher;
    private final DeploymentRuns runs;
    private final SoftwareConfigStore configs;

    public DeploymentActions(SoftwareDeployments deployments, DeploymentPublisher publisher, DeploymentRuns runs,
            SoftwareConfigStore configs) {
        this.runs = runs;
        this.configs = configs;
        this.deployments = deployments;
        this.publisher = publisher;
    }

    /**
     * 400 unless {@code action} may be asked for ad hoc: a name of {@link #NAME}'s form that is not a
     * {@link #LIFECYCLE} action (nor {@link #CANCEL}, which callers handle first).
     */
    public static String checkName(String action) {
        if (action == null) {
            throw ApiException.badRequest("BadRequest", "action must be specified");
        }
        if (!NAME.matcher(action).matches()) {
            throw ApiException.badRequest("BadRequest", "Invalid action: \"" + action + "\" must be 1 to 64 upper"
                    + " case letters, digits, '_' or '-', starting with a letter");
        }
        if (LIFECYCLE.contains(action) || CANCEL.equals(action)) {
            throw ApiException.badRequest("BadRequest", "Invalid action: " + action + " is a lifecycle action of"
                    + " the stack, not an ad-hoc one");
        }
        return action;
    }

    /**
     * Runs {@code action} once on the tenant's deployment: 404 when it is not the tenant's, 409 while it is
     * IN_PROGRESS, 400 when its config has nothing to run for the action (a {@code component} config none of
     * whose configs' {@code actions} hold it). The server's metadata and the deployment's status are published.
     */
    public Uni<SoftwareDeployment> run(String tenant, String id, String action, ObjectNode inputValues) {
        return deployments.lockedInTenant(tenant, id).chain(d -> configs.used(d.configId).chain(config -> {
            if (Status.IN_PROGRESS.is(d.status)) {
                throw new ApiException(409, "Conflict", "Deployment " + id + " is IN_PROGRESS (" + d.action
                        + ", generation " + d.generation + "): wait for it to end, or cancel it");
            }
            if (config == null || !DerivedConfig.runsFor(config, action)) {
                throw ApiException.badRequest("BadRequest", "Deployment " + id + " cannot run " + action + ": none of"
                        + " the configurations of its component config holds it in its actions");
            }
            d.generation++;
            d.action = action;
            d.outputValues = null;
            d.runGeneration = d.generation;
            d.runInputs = HearthJson.write(inputValues == null ? HearthJson.mapper().createObjectNode() : inputValues);
            d.updatedAt = Instant.now();
            deployments.startGeneration(d, null, null);
            return runs.start(d)
                    .chain(() -> publisher.item(d))
                    .chain(() -> publisher.status(d))
                    .replaceWith(d);
        }));
    }

    /** 409 unless the tenant's deployment is IN_PROGRESS (404 when it is not the tenant's): what cancel needs. */
    public Uni<SoftwareDeployment> running(String tenant, String id) {
        return deployments.find(tenant, id).invoke(d -> {
            if (!Status.IN_PROGRESS.is(d.status)) {
                throw notRunning(id, d);
            }
        });
    }

    /**
     * Marks the deployment's current generation cancelled, once the cancel failed it ({@code reason}): its metadata
     * item then says {@code "cancelled": true} and is published again. 409 when the run had
     * ended otherwise meanwhile (its hook's signal came first).
     */
    public Uni<SoftwareDeployment> cancelled(String tenant, String id, String reason) {
        return deployments.lockedInTenant(tenant, id).chain(d -> {
            if (!Status.FAILED.is(d.status) || !reason.equals(d.statusReason)) {
                throw notRunning(id, d);
            }
            d.cancelledGeneration = d.generation;
            return publisher.item(d).replaceWith(d);
        });
    }

    private static ApiException notRunning(String id, SoftwareDeployment d) {
        return new ApiException(409, "Conflict", "Deployment " + id + " is not in progress (" + d.action + " "
                + d.status + "): there is nothing to cancel");
    }
}
