package io.hearth.deployment.rest;

import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.hearth.deployment.software.SoftwareConfigStore;
import io.hearth.platform.rest.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.UUID;

/** The stack a request's path names ({@code /stacks/{stack_name}/{stack_id}}), for its tenant. */
@ApplicationScoped
public class TenantStacks {

    private final StackRuntimeRepository repository;

    public TenantStacks(StackRuntimeRepository repository) {
        this.repository = repository;
    }

    /** The tenant's stack of that name and id; 404 for any other (another tenant's is not told apart). */
    public Uni<StackRuntime> find(String tenant, String name, String id) {
        UUID uuid = SoftwareConfigStore.uuid(id);
        Uni<StackRuntime> found = uuid == null ? Uni.createFrom().nullItem() : repository.stack(uuid, tenant);
        return found.map(stack -> {
            if (stack == null || !stack.name.equals(name)) {
                throw ApiException.notFound("The Stack (" + name + ") could not be found.");
            }
            return stack;
        });
    }
}
