package io.hearth.deployment.handlers;

import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.smallrye.mutiny.Uni;
import java.util.Set;

/**
 * A type this deployment-service cannot run yet (servers, deployments, groups, wait conditions...):
 * its create fails with a reason naming the type; deleting it has nothing to remove.
 */
final class UnsupportedHandler implements ResourceHandler {

    private final String type;

    UnsupportedHandler(String type) {
        this.type = type;
    }

    @Override
    public Set<String> types() {
        return Set.of(type);
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return Uni.createFrom().item(new Outcome.Failed("resource type " + type + " of " + call.name()
                + " is not supported by this deployment-service yet"));
    }

    @Override
    public Uni<Outcome> update(ResourceCall call) {
        return create(call);
    }
}
