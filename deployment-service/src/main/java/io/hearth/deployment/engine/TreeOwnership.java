package io.hearth.deployment.engine;

import io.hearth.contracts.Topics;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.smallrye.common.annotation.Identifier;
import io.smallrye.reactive.messaging.kafka.KafkaConsumerRebalanceListener;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Default;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import org.apache.kafka.clients.consumer.Consumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.utils.Utils;
import org.jboss.logging.Logger;

/**
 * Which stack trees this replica owns: those whose key (the tree's top-level stack id) falls on a partition the
 * engine's consumer holds. Every engine input topic has the same partition count and the consumer is range-assigned,
 * so the partitions it holds of {@code hearth.signals} are the ones it holds of every input topic. A key's partition
 * is Kafka's default partitioner's: murmur2 of the key's bytes, made positive, modulo the partition count.
 * Until the consumer's first assignment (and while a rebalance has revoked everything) this replica owns no tree.
 */
@ApplicationScoped
@Default
@Identifier(TreeOwnership.LISTENER)
public class TreeOwnership implements KafkaConsumerRebalanceListener {

    /** The name the engine channel's {@code consumer-rebalance-listener.name} gives this listener. */
    public static final String LISTENER = "engine-partitions";

    private static final Logger LOG = Logger.getLogger(TreeOwnership.class);

    private final int partitionCount = Topics.DEFAULT_PARTITIONS;
    private volatile Set<Integer> held = Set.of();
    private final StackRuntimeRepository repository;
    private final List<Runnable> onAssigned = new CopyOnWriteArrayList<>();

    public TreeOwnership(StackRuntimeRepository repository) {
        this.repository = repository;
    }

    @Override
    public void onPartitionsAssigned(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        change(partitions, Set::add);
        LOG.infof("the engine holds partitions %s of %d: it owns the stack trees keyed to them", held, partitionCount);
        onAssigned.forEach(Runnable::run);
    }

    /** Runs {@code action} after every assignment of partitions (on the consumer's thread: it must not block). */
    public void whenAssigned(Runnable action) {
        onAssigned.add(action);
    }

    @Override
    public void onPartitionsRevoked(Consumer<?, ?> consumer, Collection<TopicPartition> partitions) {
        change(partitions, Set::remove);
        repository.retainTrees(this::owns); // another replica may change them now: read them again if they come back
    }

    /** Adds or removes the {@code hearth.signals} partitions among {@code partitions} (each topic has the same). */
    private void change(Collection<TopicPartition> partitions, BiConsumer<Set<Integer>, Integer> how) {
        Set<Integer> now = new HashSet<>(held);
        partitions.stream().filter(p -> Topics.SIGNALS.equals(p.topic())).forEach(p -> how.accept(now, p.partition()));
        held = Set.copyOf(now);
    }

    /** Whether this replica owns the tree whose top-level stack is {@code rootStackId}. */
    public boolean owns(UUID rootStackId) {
        return held.contains(partition(rootStackId.toString(), partitionCount));
    }

    /** Whether this replica holds any partition (owns any tree). */
    public boolean ownsAny() {
        return !held.isEmpty();
    }

    /** The partition Kafka's default partitioner gives {@code key} among {@code partitions}. */
    public static int partition(String key, int partitions) {
        return Utils.toPositive(Utils.murmur2(key.getBytes(StandardCharsets.UTF_8))) % partitions;
    }
}
