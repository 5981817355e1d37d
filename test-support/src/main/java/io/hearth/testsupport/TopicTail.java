package io.hearth.testsupport;

import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.CloseOptions;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.StringDeserializer;

/**
 * One thread that reads every partition of one topic from where it ended when the tail was
 * started, and hands each record to a handler in partition order. The partitions are assigned
 * by hand (no group rebalance) and their end offsets are fixed before {@link #start} returns,
 * so nothing published after that is missed and nothing published before is read. Its group id
 * is unique and it commits nothing.
 */
public final class TopicTail implements AutoCloseable {

    private static final System.Logger LOG = System.getLogger(TopicTail.class.getName());

    private final KafkaConsumer<String, String> consumer;
    private final Thread thread;
    private final Consumer<ConsumerRecord<String, String>> handler;
    private final Consumer<Exception> errors;
    private volatile boolean running = true;

    private TopicTail(KafkaConsumer<String, String> consumer, String topic,
            Consumer<ConsumerRecord<String, String>> handler, Consumer<Exception> errors) {
        this.consumer = consumer;
        this.handler = handler;
        this.errors = errors;
        this.thread = new Thread(this::loop, "topic-tail-" + topic);
        this.thread.setDaemon(true);
    }

    /**
     * Assigns every partition of {@code topic}, positions them at their current end and starts
     * the poll thread.
     *
     * @param bootstrapServers the broker
     * @param topic            the topic, which must exist
     * @param handler          called on the poll thread for each record
     * @param errors           called with what a handler or a poll threw; the loop goes on
     * @throws IllegalStateException when the topic does not exist
     */
    public static TopicTail start(String bootstrapServers, String topic, Consumer<ConsumerRecord<String, String>> handler,
            Consumer<Exception> errors) {
        Properties props = new Properties();
        props.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        props.put(ConsumerConfig.GROUP_ID_CONFIG, "hearth-simulated-compute-" + UUID.randomUUID());
        props.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        props.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        props.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        props.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, StringDeserializer.class.getName());
        KafkaConsumer<String, String> consumer = new KafkaConsumer<>(props);
        try {
            List<TopicPartition> partitions = consumer.partitionsFor(topic, Duration.ofSeconds(30)).stream()
                    .map(p -> new TopicPartition(p.topic(), p.partition())).toList();
            if (partitions.isEmpty()) {
                throw new IllegalStateException("topic " + topic + " does not exist on " + bootstrapServers);
            }
            consumer.assign(partitions);
            consumer.seekToEnd(partitions);
            // seekToEnd is lazy: asking for each position fixes the end offsets now.
            partitions.forEach(p -> consumer.position(p, Duration.ofSeconds(30)));
        } catch (RuntimeException e) {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
            throw e;
        }
        TopicTail tail = new TopicTail(consumer, topic, handler, errors);
        tail.thread.start();
        return tail;
    }

    private void loop() {
        try {
            while (running) {
                for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
                    try {
                        handler.accept(record);
                    } catch (Exception e) {
                        LOG.log(System.Logger.Level.WARNING, "cannot handle record " + record.topic() + "-"
                                + record.partition() + "@" + record.offset() + ": " + e.getMessage(), e);
                        errors.accept(e);
                    }
                }
            }
        } catch (WakeupException e) {
            // close() asked the loop to stop
        } catch (Exception e) {
            LOG.log(System.Logger.Level.ERROR, "poll loop stopped: " + e.getMessage(), e);
            errors.accept(e);
        } finally {
            consumer.close(CloseOptions.timeout(Duration.ofSeconds(5)));
        }
    }

    /** Stops the poll thread and waits (at most ten seconds) until it closed its consumer. */
    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
