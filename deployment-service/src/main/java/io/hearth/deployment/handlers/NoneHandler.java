package io.hearth.deployment.handlers;

import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.UpdateKind;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.UUID;

/**
 * {@code OS::Heat::None} ({@code none_resource.py}): a random UUID as physical id, no attributes (any
 * attribute reads as null), and never updated: a changed definition is taken silently, without events.
 */
@ApplicationScoped
public class NoneHandler implements ResourceHandler {

    @Override
    public Set<String> types() {
        return Set.of("OS::Heat::None");
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return Uni.createFrom().item(Outcome.complete(UUID.randomUUID().toString(), ResourceHandler.attributes()));
    }

    /** Heat's {@code handle_adopt}: nothing to take back, so adopting is creating. */
    @Override
    public Uni<Outcome> adopt(ResourceCall call) {
        return create(call);
    }

    @Override
    public UpdateKind updateKind(ResourceCall call) {
        return UpdateKind.NONE;
    }

    @Override
    public boolean replacesFailed() {
        return false;
    }
}
