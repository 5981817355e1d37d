package io.hearth.notifier.messaging;

import io.smallrye.reactive.messaging.kafka.KafkaRecord;
import io.smallrye.reactive.messaging.kafka.KafkaRecordBatch;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import org.apache.kafka.common.TopicPartition;
import org.eclipse.microprofile.reactive.messaging.Metadata;

/**
 * One topic's records of a poll's batch ({@link NotifierConsumer}), in their order. Acknowledging it does nothing:
 * the poll's batch is acknowledged once every topic's share committed, so a crash in between redelivers the shares
 * already applied, which their inbox then skips. Its records are the poll's own: one nacked goes to the dead-letter
 * topic as before.
 */
final class TopicBatch implements KafkaRecordBatch<String, String> {

    private final List<KafkaRecord<String, String>> records;

    TopicBatch(List<KafkaRecord<String, String>> records) {
        this.records = List.copyOf(records);
    }

    @Override
    public List<KafkaRecord<String, String>> getRecords() {
        return records;
    }

    @Override
    public Map<TopicPartition, KafkaRecord<String, String>> getLatestOffsetRecords() {
        Map<TopicPartition, KafkaRecord<String, String>> latest = new LinkedHashMap<>();
        records.forEach(record -> latest.put(new TopicPartition(record.getTopic(), record.getPartition()), record));
        return latest;
    }

    @Override
    public List<String> getPayload() {
        return records.stream().map(KafkaRecord::getPayload).toList();
    }

    @Override
    public Iterator<KafkaRecord<String, String>> iterator() {
        return records.iterator();
    }

    @Override
    public CompletionStage<Void> ack() {
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletionStage<Void> ack(Metadata metadata) {
        return CompletableFuture.completedFuture(null);
    }
}
