package io.hearth.agent.host;

import io.hearth.agent.HostOptions;
import io.hearth.agent.Instance;
import io.hearth.agent.Log;
import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.DriverHeartbeat;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerReported;
import io.hearth.contracts.envelope.CloudEvent;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Host mode, the local compute driver (docs/compute-drivers.md): reads the compacted {@code hearth.compute.servers}
 * from its beginning at every start, with no consumer group (every partition assigned); once it reached the end
 * offsets it converges on the latest desired state of each server ({@link DesiredStates#converge}: a create
 * superseded by a delete is never executed, a local server no longer wanted is deleted), then applies each new
 * state as it comes. Reports and a heartbeat every {@value #HEARTBEAT_SECONDS} s go to {@code hearth.compute.status};
 * a record that cannot be read goes to {@code hearth.compute.servers.dlq}.
 */
public final class ComputeHost {

    /** The most seconds between two heartbeats. */
    static final int HEARTBEAT_SECONDS = 10;
    /** The CloudEvents source of what host mode sends. */
    static final String SOURCE = "/hearth/compute";

    private static final String WHO = "host";

    private ComputeHost() {
    }

    /** Runs until the JVM is asked to stop (SIGTERM): caught up and converged, then states applied as they come. */
    public static void run(HostOptions options) throws Exception {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        LocalServers servers = new LocalServers(options.stateDir(), options.hooksDirs(), Instance.httpClient());
        CountDownLatch stopped = new CountDownLatch(1);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig(options));
                KafkaProducer<String, String> producer = new KafkaProducer<>(producerConfig(options))) {
            Thread main = Thread.currentThread();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                consumer.wakeup();
                try {
                    stopped.await();
                } catch (InterruptedException e) {
                    main.interrupt();
                }
            }, "host-shutdown"));
            DesiredStates states = new DesiredStates(servers, new AppliedGenerations(options.stateDir()),
                    (desired, state, reason) -> send(producer, desired.reportKey(), desired.serverId(),
                            new ServerReported(desired.serverId(), desired.stackId(), desired.tenant(),
                                    desired.generation(), state, options.driverId(), reason)));
            heartbeat(producer, options);
            Instant nextHeartbeat = Instant.now().plusSeconds(HEARTBEAT_SECONDS);
            List<TopicPartition> partitions = assign(consumer);
            Map<TopicPartition, Long> end = consumer.endOffsets(partitions);
            Map<String, ServerDesired> latest = new LinkedHashMap<>();
            int read = 0;
            while (!caughtUp(consumer, end)) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofSeconds(1))) {
                    read++;
                    ServerDesired desired = parse(record, producer);
                    if (record.value() == null) {
                        latest.remove(record.key());
                    } else if (desired != null) {
                        latest.merge(desired.serverId(), desired,
                                (old, now) -> now.generation() >= old.generation() ? now : old);
                    }
                }
            }
            int removed = states.converge(latest);
            producer.flush();
            Log.info(WHO, "local compute driver " + options.driverId() + " started: state " + options.stateDir()
                    + ", hooks " + options.hooksDirs() + ", Kafka " + options.bootstrapServers() + "; caught up with "
                    + read + " record(s) of " + Topics.COMPUTE_SERVERS + " (" + latest.size() + " server(s)), "
                    + removed + " local server(s) no longer wanted deleted, " + servers.running().size()
                    + " server(s) running");
            while (true) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofSeconds(1))) {
                    ServerDesired desired = parse(record, producer);
                    if (record.value() == null) {
                        states.removed(record.key());
                    } else if (desired != null) {
                        states.apply(desired);
                    }
                }
                producer.flush();
                if (Instant.now().isAfter(nextHeartbeat)) {
                    heartbeat(producer, options);
                    nextHeartbeat = Instant.now().plusSeconds(HEARTBEAT_SECONDS);
                }
            }
        } catch (WakeupException e) {
            Log.info(WHO, "stopping: servers stay and resume at the next start");
        } finally {
            servers.close();
            stopped.countDown();
        }
    }

    /** Every partition of the desired-state topic, assigned and read from its beginning (waits for the topic). */
    private static List<TopicPartition> assign(KafkaConsumer<String, String> consumer) throws InterruptedException {
        List<PartitionInfo> infos = consumer.partitionsFor(Topics.COMPUTE_SERVERS);
        while (infos == null || infos.isEmpty()) {
            Log.info(WHO, "waiting for topic " + Topics.COMPUTE_SERVERS);
            Thread.sleep(1000);
            infos = consumer.partitionsFor(Topics.COMPUTE_SERVERS);
        }
        List<TopicPartition> partitions = infos.stream().map(i -> new TopicPartition(i.topic(), i.partition()))
                .toList();
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return partitions;
    }

    private static boolean caughtUp(KafkaConsumer<String, String> consumer, Map<TopicPartition, Long> end) {
        return end.entrySet().stream().allMatch(e -> consumer.position(e.getKey()) >= e.getValue());
    }

    /**
     * A record's desired state; null for a tombstone, or for a record that cannot be read, which is sent to the DLQ
     * (and the host goes on).
     */
    static ServerDesired parse(ConsumerRecord<String, String> record, KafkaProducer<String, String> dlq) {
        if (record.value() == null) {
            return null;
        }
        try {
            CloudEvent event = CloudEvent.parse(record.value());
            if (!ServerDesired.TYPE.equals(event.type())) {
                Log.info(WHO, "ignoring a record of unknown type " + event.type() + " on " + record.topic());
                return null;
            }
            ServerDesired desired = event.dataAs(ServerDesired.class);
            if (desired.serverId() == null || desired.desired() == null
                    || (desired.desired() != ServerDesired.State.DELETED && desired.spec() == null)) {
                throw new IllegalArgumentException("a desired state needs serverId, desired and (but for DELETED) spec");
            }
            return desired;
        } catch (RuntimeException e) {
            Log.warn(WHO, "cannot read " + record.topic() + "-" + record.partition() + "@" + record.offset()
                    + " (key " + record.key() + "): " + e + "; sent to " + Topics.dlq(record.topic()));
            ProducerRecord<String, String> dead = new ProducerRecord<>(Topics.dlq(record.topic()), record.key(),
                    record.value());
            dead.headers().add("hearth.error", String.valueOf(e).getBytes(StandardCharsets.UTF_8));
            try {
                dlq.send(dead).get();
            } catch (InterruptedException | ExecutionException failed) {
                throw new IllegalStateException("cannot send to " + Topics.dlq(record.topic()), failed);
            }
            return null;
        }
    }

    private static void heartbeat(KafkaProducer<String, String> producer, HostOptions options) {
        send(producer, options.driverId(), options.driverId(), new DriverHeartbeat(options.driverId(), "local",
                Instant.now().truncatedTo(ChronoUnit.MILLIS), HEARTBEAT_SECONDS));
    }

    private static void send(KafkaProducer<String, String> producer, String key, String subject, Object data) {
        CloudEvent event = CloudEvent.written(SOURCE, subject, data);
        producer.send(new ProducerRecord<>(Topics.COMPUTE_STATUS, key, event.toJson()), (metadata, failed) -> {
            if (failed != null) {
                Log.warn(WHO, "cannot send " + event.type() + " of " + key + ": " + failed);
            }
        });
    }

    private static Properties consumerConfig(HostOptions options) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrapServers());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.FETCH_MAX_WAIT_MS_CONFIG, Topics.FETCH_MAX_WAIT_MS);
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "500");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        return props;
    }

    private static Properties producerConfig(HostOptions options) {
        Properties props = new Properties();
        props.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrapServers());
        props.put(ProducerConfig.ACKS_CONFIG, "all");
        props.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        props.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, StringSerializer.class.getName());
        return props;
    }
}
