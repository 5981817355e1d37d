package io.hearth.deployment.engine;

import io.hearth.contracts.stack.v1.StackAbandonRequested;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.domain.ServerMetadataRow;
import io.hearth.deployment.domain.SoftwareConfig;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.deployment.domain.SoftwareDeployment;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Abandons a stack (Heat's {@code delete(abandon=True)}): forgets its tree's runtime rows (stacks, resources, the
 * software configs, deployments and server metadata rows the resources own) and does nothing else. No handler runs,
 * so no instance is deleted, no deployment runs DELETE, no metadata tombstone is written and no event is published:
 * servers and agents go on as they were, and the compacted metadata topic still serves each server's document.
 * The deployment signal ledger ({@code deployment_signal}) is kept, so exactly-once holds across an adopt.
 */
@ApplicationScoped
public class StackAbandonment {

    private static final Logger LOG = Logger.getLogger(StackAbandonment.class);

    private final StackRuntimeRepository repository;

    public StackAbandonment(StackRuntimeRepository repository) {
        this.repository = repository;
    }

    /** Forgets the stack's tree; an unknown stack (already abandoned, a redelivery) changes nothing. */
    public Uni<Void> abandon(StackAbandonRequested command) {
        UUID id = UUID.fromString(command.stackId());
        return repository.lock(id).chain(stack -> {
            if (stack == null || !stack.tenant.equals(command.tenant())) {
                LOG.infof("abandon of unknown stack %s ignored", id);
                return Uni.createFrom().voidItem();
            }
            return repository.tree(id).chain(tree -> {
                List<UUID> stacks = tree.stream().map(s -> s.id).toList();
                return repository.rows(stacks)
                        .chain(rows -> forget(stacks, rows))
                        .invoke(() -> LOG.infof("stack %s (%s) abandoned: %d stack(s) forgotten, nothing deleted",
                                stack.name, id, stacks.size()));
            });
        });
    }

    private Uni<Void> forget(List<UUID> stacks, List<ResourceRuntime> rows) {
        List<String> physical = rows.stream().map(row -> row.physicalId).filter(p -> p != null).toList();
        List<UUID> uuids = physical.stream().map(SoftwareConfigStore::uuid).filter(u -> u != null).toList();
        List<String> stackIds = stacks.stream().map(UUID::toString).toList();
        Uni<Long> deployments = SoftwareDeployment.delete("stackId in ?1", stackIds);
        Uni<Long> configs = uuids.isEmpty() ? Uni.createFrom().item(0L) : SoftwareConfig.delete("id in ?1", uuids);
        Uni<Long> servers = physical.isEmpty() ? Uni.createFrom().item(0L)
                : ServerMetadataRow.delete("serverId in ?1", physical);
        return deployments.chain(() -> configs).chain(() -> servers)
                .chain(() -> repository.deleteStacks(stacks));
    }
}
