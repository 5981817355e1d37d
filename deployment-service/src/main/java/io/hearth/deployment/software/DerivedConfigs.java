package io.hearth.deployment.software;

import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.deployment.domain.SoftwareDeployment;
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

    /**
     * The tenant's stack deployment whose current run has the id {@code $2}: {@link DeploymentItem#runId} in SQL,
     * a name-based UUID (version 3) of {@code hearth-run:<id>:<action>:<generation>}. The md5's 13th hex digit
     * becomes the version 3, its 17th the variant (8, 9, a or b). One scan of the tenant's deployments: a derived
     * config is read by a person looking into a deployment, not by the engine.
     */
    private static final String BY_RUN = """
            select id::text from (select id, md5('hearth-run:' || id || ':' || action || ':' || generation) as h
                           from {h-schema}software_deployment
                           where tenant = ?1 and stack_id is not null and action is not null) d
            where (substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-3' || substr(h, 14, 3) || '-'
                   || substr('89ab89ab89ab89ab', ('x' || lpad(substr(h, 17, 1), 8, '0'))::bit(32)::int + 1, 1)
                   || substr(h, 18, 3) || '-' || substr(h, 21, 12)) = ?2""";

    private final DeploymentPublisher publisher;

    public DerivedConfigs(DeploymentPublisher publisher) {
        this.publisher = publisher;
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
        return SoftwareDeployment.getSession()
                .chain(session -> session.createNativeQuery(BY_RUN, String.class)
                        .setParameter(1, tenant).setParameter(2, uuid.toString()).getResultList())
                .chain(found -> found.isEmpty() ? Uni.createFrom().nullItem()
                        : SoftwareDeployment.<SoftwareDeployment>findById(UUID.fromString(found.get(0))))
                .chain(d -> d == null ? Uni.createFrom().nullItem() : item(tenant, d, uuid));
    }

    private Uni<DeploymentItem> item(String tenant, SoftwareDeployment d, UUID id) {
        return publisher.items(tenant, d.serverId).map((List<DeploymentItem> items) -> items.stream()
                .filter(item -> item.id().equals(id.toString())).findFirst().orElse(null));
    }
}
