package io.hearth.gateway.messaging;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.platform.tracing.EventTracing;
import io.hearth.gateway.service.MetadataStore;
import io.hearth.platform.health.LoopHeartbeat;
import io.quarkus.runtime.ShutdownEvent;
import io.quarkus.runtime.StartupEvent;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Reads all of {@code hearth.server.metadata} and {@code hearth.server.deployments} into the {@link MetadataStore},
 * on a thread of its own: every
 * replica holds every server, so there is no consumer group. The consumer assigns every partition, starts at
 * the beginning, and is {@link #caughtUp()} once it reached the end offsets taken when it started; then it
 * follows the topic. New partitions are picked up every {@link #PARTITION_CHECK}. Each turn of its loops beats a
 * {@link LoopHeartbeat}, so a thread that died or hangs shows in {@link #stalled}; no Kafka call blocks longer
 * than {@link #KAFKA_CALL_TIMEOUT}, so a broker that is away never looks like that.
 */
@ApplicationScoped
public class MetadataConsumer {

    /** The topics of the projection: the servers' parts and their deployments' items. */
    static final List<String> TOPICS = List.of(Topics.SERVER_METADATA, Topics.SERVER_DEPLOYMENTS);
    static final Duration PARTITION_CHECK = Duration.ofSeconds(30);
    /**
     * How long a poll waits for records before the loop comes round. Records are returned as soon as a fetch brings
     * them (the broker holds an empty fetch for {@code fetch.max.wait.ms}, {@link Topics#FETCH_MAX_WAIT_MS}), so this
     * only sets how often an idle loop wakes: a 500 ms poll ended just before each fetch's answer, waking the thread
     * four times a second instead of two (docs/benchmarks.md, "Idle"). Well under the liveness threshold the loop's
     * heartbeat is held to.
     */
    static final Duration POLL_TIMEOUT = Duration.ofSeconds(5);
    static final Duration KAFKA_CALL_TIMEOUT = Duration.ofSeconds(10);
    private static final Logger LOG = Logger.getLogger(MetadataConsumer.class);

    private final MetadataStore store;
    private final String bootstrapServers;
    private final LoopHeartbeat heartbeat = new LoopHeartbeat();
    private volatile KafkaConsumer<String, String> consumer;
    private volatile boolean running;
    private volatile boolean caughtUp;
    private Thread thread;

    public MetadataConsumer(MetadataStore store, @ConfigProperty(name = "kafka.bootstrap.servers") String bootstrapServers) {
        this.store = store;
        this.bootstrapServers = bootstrapServers;
    }

    /** Whether the projection reached the topic's end offsets as they were when the gateway started. */
    public boolean caughtUp() {
        return caughtUp;
    }

    /** What is wrong with the projection's thread, if anything: it died, or has not come round for too long. */
    public Optional<String> stalled(Duration threshold) {
        return heartbeat.problem(threshold).map(problem -> "metadata projection: " + problem);
    }

    void start(@Observes StartupEvent event) {
        running = true;
        thread = new Thread(this::run, "metadata-projection");
        thread.setDaemon(true);
        thread.start();
    }

    void stop(@Observes ShutdownEvent event) throws InterruptedException {
        running = false;
        KafkaConsumer<String, String> current = consumer;
        if (current != null) {
            current.wakeup();
        }
        if (thread != null) {
            thread.join(10_000);
        }
    }

    private void run() {
        while (running) {
            heartbeat.beat();
            try (KafkaConsumer<String, String> c = new KafkaConsumer<>(properties())) {
                consumer = c;
                follow(c);
            } catch (WakeupException e) {
                return;
            } catch (RuntimeException e) {
                LOG.errorf(e, "metadata projection failed, restarting it in 1 s: %s", e.getMessage());
                pause();
            }
        }
    }

    /** Assigns, replays from the beginning and follows the topics until stopped. */
    private void follow(KafkaConsumer<String, String> c) {
        Map<TopicPartition, Long> ends = new HashMap<>();
        List<TopicPartition> partitions = partitions(c);
        c.assign(partitions);
        c.seekToBeginning(partitions);
        ends.putAll(c.endOffsets(partitions, KAFKA_CALL_TIMEOUT));
        long nextCheck = System.nanoTime() + PARTITION_CHECK.toNanos();
        while (running) {
            heartbeat.beat();
            if (!caughtUp && ends.entrySet().stream()
                    .allMatch(e -> c.position(e.getKey(), KAFKA_CALL_TIMEOUT) >= e.getValue())) {
                caughtUp = true;
                LOG.infof("metadata projection caught up: %d servers", store.serverCount());
            }
            for (ConsumerRecord<String, String> record : c.poll(POLL_TIMEOUT)) {
                apply(record);
            }
            if (System.nanoTime() > nextCheck) {
                nextCheck = System.nanoTime() + PARTITION_CHECK.toNanos();
                List<TopicPartition> now = partitions(c);
                if (!now.equals(partitions)) {
                    List<TopicPartition> added = now.stream().filter(p -> !c.assignment().contains(p)).toList();
                    c.assign(now);
                    c.seekToBeginning(added);
                    partitions = now;
                }
            }
        }
    }

    private void apply(ConsumerRecord<String, String> record) {
        if (record.key() == null) {
            return;
        }
        try {
            CloudEvent event = record.value() == null ? null : CloudEvent.parse(record.value());
            String changed = store.apply(record.topic(), record.key(), event);
            if (changed != null && event != null) {
                store.trace(changed, EventTracing.contextOf(event));
            }
        } catch (RuntimeException e) {
            // Nothing to retry: a document the gateway cannot read stays unserved, the next one replaces it.
            LOG.warnf(e, "skipping unreadable metadata record %s-%d@%d: %s", record.topic(), record.partition(),
                    record.offset(), e.getMessage());
        }
    }

    private List<TopicPartition> partitions(KafkaConsumer<String, String> c) {
        while (running) {
            heartbeat.beat();
            List<TopicPartition> found = new ArrayList<>();
            String missing = null;
            for (String topic : TOPICS) {
                List<PartitionInfo> infos = c.partitionsFor(topic, KAFKA_CALL_TIMEOUT);
                if (infos == null || infos.isEmpty()) {
                    missing = topic;
                    break;
                }
                infos.stream().map(p -> new TopicPartition(p.topic(), p.partition()))
                        .sorted(java.util.Comparator.comparingInt(TopicPartition::partition)).forEach(found::add);
            }
            if (missing == null) {
                return found;
            }
            LOG.warnf("topic %s does not exist yet; waiting for it", missing);
            pause();
        }
        throw new WakeupException();
    }

    private Properties properties() {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.CLIENT_ID_CONFIG, "signal-gateway-metadata-projection");
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Topics.FETCH_MAX_WAIT_MS);
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return props;
    }

    private void pause() {
        try {
            Thread.sleep(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }
}
