package io.hearth.deployment.engine;

import io.hearth.contracts.stack.v1.StackAbandonRequested;
import io.hearth.deployment.repository.ServerMetadataRepository;
import io.hearth.deployment.repository.SoftwareConfigRepository;
import io.hearth.deployment.repository.SoftwareDeploymentRepository;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.software.SoftwareConfigStore;
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
    private final SoftwareConfigRepository configRows;
    private final SoftwareDeploymentRepository deploymentRows;
    private final ServerMetadataRepository serverRows;

    public StackAbandonment(StackRuntimeRepository repository, SoftwareConfigRepository configRows,
            SoftwareDeploymentRepository deploymentRows, ServerMetadataRepository serverRows) {
        this.repository = repository;
        this.configRows = configRows;
        this.deploymentRows = deploymentRows;
        this.serverRows = serverRows;
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
        return deploymentRows.deleteOfStacks(stackIds).chain(() -> configRows.deleteAll(uuids))
                .chain(() -> serverRows.deleteAll(physical)).chain(() -> repository.deleteStacks(stacks));
    }
}
