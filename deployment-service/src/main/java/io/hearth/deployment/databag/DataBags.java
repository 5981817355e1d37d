package io.hearth.deployment.databag;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.signal.v1.DataBagChanged;
import io.hearth.deployment.config.DeploymentConfig;
import io.hearth.deployment.domain.DataBag;
import io.hearth.deployment.domain.StackRuntime;
import io.hearth.deployment.repository.DataBagRepository;
import io.hearth.platform.outbox.Outbox;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.jboss.logging.Logger;

/**
 * The data bags' use cases, in the caller's transaction: read a tree's facts, set some (a hook's published facts,
 * a DataBag resource's initial ones, an operator's compare-and-set write). A change that alters the facts bumps the
 * version and tells every stack of the tree that holds a DataBag resource ({@link DataBagChanged} on its signals),
 * so what reads the bag is contextualized there.
 */
@ApplicationScoped
public class DataBags {

    private static final Logger LOG = Logger.getLogger(DataBags.class);

    /** The resource type that reads the bag. */
    public static final String TYPE = "OS::Hearth::DataBag";

    /** How many versions of a bag {@link #versions} keeps. */
    static final int KEPT_VERSIONS = 100;

    private final Outbox outbox;
    private final DataBagRepository rows;
    private final long maxBytes;

    public DataBags(Outbox outbox, DataBagRepository rows, DeploymentConfig config) {
        this.outbox = outbox;
        this.rows = rows;
        this.maxBytes = config.dataBagMaxBytes();
    }

    /** The tree's top-level stack id. */
    public static UUID root(StackRuntime stack) {
        return stack.rootStackId != null ? stack.rootStackId : stack.id;
    }

    /** The tree's bag, or null while it has none. */
    public Uni<DataBag> find(UUID root) {
        return rows.find(root);
    }

    /** The tree's facts now: an empty object while it has no bag. */
    public Uni<ObjectNode> facts(UUID root) {
        return find(root).map(DataBags::facts);
    }

    /** A bag's facts; an empty object for none. */
    public static ObjectNode facts(DataBag bag) {
        if (bag == null) {
            return JsonNodeFactory.instance.objectNode();
        }
        return (ObjectNode) HearthJson.readTree(bag.facts);
    }

    /**
     * Sets the facts a deployment's run published (a hook's {@code facts}); facts that would make the bag too large
     * are not set, and the reason is logged (the run itself stays COMPLETE).
     *
     * @param depth    the contextualization depth the change carries to the readers
     * @param resource the publishing resource's name, for the log
     */
    public Uni<Void> publish(StackRuntime stack, ObjectNode facts, int depth, String resource) {
        return set(stack, facts, false, null, depth).replaceWithVoid()
                .onFailure(DataBagTooLarge.class).recoverWithItem(e -> {
                    LOG.warnf("facts of %s in stack %s not published: %s", resource, stack.id, e.getMessage());
                    return null;
                });
    }

    /**
     * Sets the facts that {@code changes} names (a null value removes one) in the tree's bag, made when it has none.
     *
     * @param onlyAbsent     true to set only the facts the bag does not hold yet (a DataBag resource's initial facts)
     * @param expectedVersion for an operator's compare-and-set: the version the bag must have (0 for none yet), else
     *                        null
     * @param depth          the contextualization depth the change carries to the readers
     * @return the bag as it is after the change
     * @throws DataBagConflict when {@code expectedVersion} is not the bag's version
     * @throws DataBagTooLarge when the facts would exceed {@code hearth.deployment.data-bag-max-bytes}
     */
    public Uni<DataBag> set(StackRuntime stack, ObjectNode changes, boolean onlyAbsent, Long expectedVersion,
            int depth) {
        UUID root = root(stack);
        return rows.lock(root).chain(found -> {
            long version = found == null ? 0 : found.version;
            if (expectedVersion != null && expectedVersion != version) {
                throw new DataBagConflict(expectedVersion, version);
            }
            ObjectNode facts = facts(found);
            ObjectNode changed = facts.deepCopy();
            Iterator<Map.Entry<String, JsonNode>> fields = changes.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> fact = fields.next();
                if (fact.getValue() == null || fact.getValue().isNull()) {
                    changed.remove(fact.getKey());
                } else if (!onlyAbsent || !changed.has(fact.getKey())) {
                    changed.set(fact.getKey(), fact.getValue());
                }
            }
            if (found != null && changed.equals(facts)) {
                return Uni.createFrom().item(found);
            }
            String text = HearthJson.write(changed);
            long bytes = text.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > maxBytes) {
                throw new DataBagTooLarge(bytes, maxBytes);
            }
            DataBag bag = found != null ? found : new DataBag();
            bag.rootStackId = root;
            bag.tenant = stack.tenant;
            bag.facts = text;
            bag.version = version + 1;
            bag.updatedAt = Instant.now();
            Uni<Void> saved = found != null ? Uni.createFrom().voidItem() : rows.insert(bag);
            return saved.chain(() -> rows.keep(bag, KEPT_VERSIONS)).chain(() -> tell(bag, depth)).replaceWith(bag);
        });
    }

    /**
     * The tree's recent versions, newest first: each version's facts as that change left them.
     *
     * @return rows of version, facts (JSON text) and the time of the change
     */
    public Uni<List<DataBagVersion>> versions(UUID root) {
        return rows.versions(root);
    }

    /** One version of a bag. */
    public record DataBagVersion(long version, String facts, Instant updatedAt) {
    }

    /** Tells each stack of the tree that holds a DataBag resource that the bag changed. */
    private Uni<Void> tell(DataBag bag, int depth) {
        return rows.stacksHolding(bag.rootStackId, TYPE)
                .chain(stacks -> tell(bag, depth, stacks));
    }

    private Uni<Void> tell(DataBag bag, int depth, List<String> stacks) {
        if (stacks.isEmpty()) {
            return Uni.createFrom().voidItem();
        }
        return Multi.createFrom().iterable(stacks).onItem().transformToUniAndConcatenate(stackId -> {
            DataBagChanged changed = new DataBagChanged(stackId, bag.rootStackId.toString(), bag.version, depth);
            return outbox.append("data-bag", bag.rootStackId.toString(), stackId, changed); // keyed by the tree
        }).collect().last().replaceWithVoid();
    }

    /** Removes the tree's bag and its versions (its top-level stack is deleted). */
    public Uni<Void> delete(UUID root) {
        return rows.delete(root);
    }
}
