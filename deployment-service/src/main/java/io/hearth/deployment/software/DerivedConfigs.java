package io.hearth.deployment.software;

import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;

/**
 * Heat's derived configs, read through the config API: a stack's deployment runs its config with the inputs'
 * values of its current action and generation, and Heat stores that as a config of its own, the deployment's
 * {@code config_id}. Hearth stores none: the derived config is the deployment's metadata item, whose id is
 * {@link DeploymentItem#runId}, and is built again when it is read. A run id that is no longer current (a later
 * action or generation) finds nothing, as Heat's deleted derived config does.
 */
@ApplicationScoped
public class DerivedConfigs {

    private final DeploymentPublisher publisher;
    private final SoftwareDeploymentRepository deployments;

    public DerivedConfigs(DeploymentPublisher publisher, SoftwareDeploymentRepository deployments) {
        this.publisher = publisher;
        this.deployments = deployments;
    }

    /** Whether the deployment's {@code config_id} is its derived config: the engine made it for a stack. */
    public static boolean derives(SoftwareDeployment d) {
        return d.stackId != null && d.action != null;
    }

    /** The deployment's {@code config_id}: its current run's derived config, or the config the API was given. */
    public static String configId(SoftwareDeployment d) {
        return derives(d) ? DeploymentItem.runId(d.id.toString(), d.action, d.generation) : d.configId.toString();
    }

    /** The tenant's derived config with this id, as the deployment's agent reads it now; null when none is. */
    public Uni<DeploymentItem> find(String tenant, String id) {
        UUID uuid = SoftwareConfigStore.uuid(id);
        if (uuid == null) {
            return Uni.createFrom().nullItem();
        }
        return deployments.derivedFrom(tenant, uuid)
                .chain(d -> d == null ? Uni.createFrom().nullItem() : item(tenant, d, uuid));
    }

    private Uni<DeploymentItem> item(String tenant, SoftwareDeployment d, UUID id) {
        return publisher.items(tenant, d.serverId).map((List<DeploymentItem> items) -> items.stream()
                .filter(item -> item.id().equals(id.toString())).findFirst().orElse(null));
    }
}
