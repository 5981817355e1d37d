package io.hearth.deployment.handlers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.signal.v1.DataBagChanged;
import io.hearth.contracts.stack.Action;
import io.hearth.contracts.stack.Status;
import io.hearth.deployment.databag.DataBagTooLarge;
import io.hearth.deployment.databag.DataBags;
import io.hearth.deployment.domain.ResourceRuntime;
import io.hearth.deployment.spi.Outcome;
import io.hearth.deployment.spi.ResourceCall;
import io.hearth.deployment.spi.ResourceHandler;
import io.hearth.deployment.spi.Signal;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * Hearth's {@code OS::Hearth::DataBag} (docs/contextualization.md): reads its stack tree's data bag. Create and
 * update set the {@code facts} property's facts the bag does not hold yet; the attributes are the bag's facts (any
 * other name reads null), kept in line by {@code DataBagChanged} signals, so what reads them is contextualized.
 * The physical id is the tree's top-level stack id. Deleting the resource leaves the bag to the tree; deleting the
 * top-level stack removes it.
 */
@ApplicationScoped
public class DataBagHandler implements ResourceHandler {

    private static final Logger LOG = Logger.getLogger(DataBagHandler.class);

    private final DataBags bags;

    public DataBagHandler(DataBags bags) {
        this.bags = bags;
    }

    @Override
    public Set<String> types() {
        return Set.of(DataBags.TYPE);
    }

    @Override
    public JsonNode normalize(String resourceName, JsonNode properties) {
        ObjectNode p = properties == null || !properties.isObject() ? JsonNodeFactory.instance.objectNode()
                : properties.deepCopy();
        if (!p.path("facts").isObject()) {
            p.set("facts", JsonNodeFactory.instance.objectNode());
        }
        return p;
    }

    @Override
    public Uni<Outcome> create(ResourceCall call) {
        return seed(call);
    }

    @Override
    public Uni<Outcome> update(ResourceCall call) {
        return seed(call);
    }

    private Uni<Outcome> seed(ResourceCall call) {
        return bags.set(call.stack(), (ObjectNode) call.properties().get("facts"), true, null, call.row().contextDepth)
                .map(bag -> (Outcome) Outcome.complete(DataBags.root(call.stack()).toString(), DataBags.facts(bag)))
                .onFailure(DataBagTooLarge.class)
                .recoverWithItem(e -> Outcome.failed(call.name(), "StackValidationFailed", e.getMessage()));
    }

    /**
     * The tree's data bag changed ({@code DataBagChanged}): a COMPLETE resource takes the bag's facts as its
     * attributes, and what reads them is contextualized (the change's depth carried on).
     */
    @Override
    public Uni<Outcome> signal(ResourceCall call, Signal signal) {
        ResourceRuntime row = call.row();
        if (!(signal instanceof Signal.DataBag bag)) {
            return ResourceHandler.super.signal(call, signal);
        }
        if (row.status != Status.COMPLETE || row.action == Action.DELETE) {
            return Uni.createFrom().nullItem();
        }
        DataBagChanged changed = bag.event();
        return bags.facts(UUID.fromString(changed.rootStackId())).<Outcome>map(facts -> {
            String text = HearthJson.write(facts);
            if (text.equals(row.attributes)) {
                return null;
            }
            row.attributes = text;
            row.contextDepth = changed.contextDepth();
            LOG.infof("stack %s (%s): data bag version %d for %s", call.stack().name, call.stack().id,
                    changed.version(), row.name);
            return new Outcome.Changed();
        });
    }

    @Override
    public Uni<Outcome> delete(ResourceCall call) {
        Uni<Void> removed = call.stack().parentStackId == null ? bags.delete(DataBags.root(call.stack()))
                : Uni.createFrom().voidItem();
        return removed.replaceWith(Outcome.complete(call.row().physicalId, ResourceHandler.attributes()));
    }
}
