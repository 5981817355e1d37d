package io.hearth.agent.host;

import io.hearth.agent.HostOptions;
import io.hearth.agent.Instance;
import io.hearth.agent.Log;
import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.CreateInstance;
import io.hearth.contracts.compute.v1.DeleteInstance;
import io.hearth.contracts.compute.v1.ResumeInstance;
import io.hearth.contracts.compute.v1.SuspendInstance;
import io.hearth.contracts.envelope.CloudEvent;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Host mode, the local compute driver: consumes {@code hearth.compute.commands} as group
 * {@value HostOptions#GROUP} and applies each command to {@link LocalServers}, committing a record's offset
 * only after it was applied. A record that cannot be applied goes to {@code hearth.compute.commands.dlq}.
 */
public final class ComputeHost {

    private static final String WHO = "host";

    private ComputeHost() {
    }

    /** Runs until the JVM is asked to stop (SIGTERM): servers resumed, then commands applied as they come. */
    public static void run(HostOptions options) throws Exception {
        if (System.getProperty("org.slf4j.simpleLogger.defaultLogLevel") == null) {
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn");
        }
        LocalServers servers = new LocalServers(options.stateDir(), options.hooksDirs(), Instance.httpClient());
        servers.resumeAll();
        CountDownLatch stopped = new CountDownLatch(1);
        try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(consumerConfig(options));
                KafkaProducer<String, String> dlq = new KafkaProducer<>(producerConfig(options))) {
            Thread main = Thread.currentThread();
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                consumer.wakeup();
                try {
                    stopped.await();
                } catch (InterruptedException e) {
                    main.interrupt();
                }
            }, "host-shutdown"));
            consumer.subscribe(List.of(Topics.COMPUTE_COMMANDS));
            Log.info(WHO, "local compute driver started: state " + options.stateDir() + ", hooks "
                    + options.hooksDirs() + ", Kafka " + options.bootstrapServers() + ", group " + options.groupId()
                    + ", " + servers.running().size() + " server(s) resumed");
            while (true) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofSeconds(1))) {
                    apply(record, servers, dlq);
                    consumer.commitSync(Map.of(new TopicPartition(record.topic(), record.partition()),
                            new OffsetAndMetadata(record.offset() + 1)));
                }
            }
        } catch (WakeupException e) {
            Log.info(WHO, "stopping: servers stay and resume at the next start");
        } finally {
            servers.close();
            stopped.countDown();
        }
    }

    /** Applies one command; a record that cannot be applied is sent to the DLQ (and the host goes on). */
    static void apply(ConsumerRecord<String, String> record, LocalServers servers,
            KafkaProducer<String, String> dlq) throws InterruptedException {
        try {
            CloudEvent event = CloudEvent.parse(record.value() == null ? "null" : record.value());
            switch (event.type()) {
                case CreateInstance.TYPE -> servers.create(event.dataAs(CreateInstance.class));
                case DeleteInstance.TYPE -> servers.delete(event.dataAs(DeleteInstance.class).serverId());
                case SuspendInstance.TYPE -> servers.suspend(event.dataAs(SuspendInstance.class).serverId());
                case ResumeInstance.TYPE -> servers.resume(event.dataAs(ResumeInstance.class).serverId());
                default -> Log.info(WHO, "ignoring a compute command of unknown type " + event.type());
            }
        } catch (IOException | RuntimeException e) {
            Log.warn(WHO, "cannot apply " + record.topic() + "-" + record.partition() + "@" + record.offset()
                    + " (key " + record.key() + "): " + e + "; sent to " + Topics.dlq(record.topic()));
            ProducerRecord<String, String> dead = new ProducerRecord<>(Topics.dlq(record.topic()), record.key(),
                    record.value());
            dead.headers().add("hearth.error", String.valueOf(e).getBytes(StandardCharsets.UTF_8));
            try {
                dlq.send(dead).get();
            } catch (java.util.concurrent.ExecutionException failed) {
                throw new IllegalStateException("cannot send to " + Topics.dlq(record.topic()), failed.getCause());
            }
        }
    }

    private static Properties consumerConfig(HostOptions options) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, options.bootstrapServers());
        props.put(ConsumerConfig.GROUP_ID_CONFIG, options.groupId());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, "50");
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
