package io.hearth.deployment;

import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import java.util.List;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/** Every record of one topic, read from its beginning while a test runs: a {@link BrokerFixture}. */
final class TopicRecords extends BrokerFixture {

    private final String topic;
    private ConsumerTask<String, String> records;

    TopicRecords(String topic) {
        this.topic = topic;
    }

    @Override
    protected void open() {
        records = consume(topic);
    }

    /** The records read so far. */
    List<ConsumerRecord<String, String>> records() {
        return records.getRecords();
    }
}
