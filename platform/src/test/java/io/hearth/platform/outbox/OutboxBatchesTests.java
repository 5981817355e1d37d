package io.hearth.platform.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.StackEventBatch;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** A transaction's rows as the relay will publish them: one record per key on a topic that batches. */
class OutboxBatchesTests {

    private static final String SOURCE = "/hearth/deployment-service";

    @Test
    void aKeysStackEventsBecomeOneRecordAtTheFirstsPlaceInTheirOrder() {
        OutboxEvent a1 = event("tree-a", "s1", "IN_PROGRESS");
        OutboxEvent metadata = row("server-1", Topics.SERVER_METADATA, "{\"specversion\":\"1.0\"}");
        OutboxEvent b1 = event("tree-b", "s2", "IN_PROGRESS");
        OutboxEvent a2 = event("tree-a", "s3", "COMPLETE");
        OutboxEvent a3 = event("tree-a", "s1", "COMPLETE");

        List<OutboxEvent> written = OutboxBatches.batched(List.of(a1, metadata, b1, a2, a3));

        assertThat(written).hasSize(3);
        OutboxEvent batch = written.get(0);
        assertThat(batch.topic).isEqualTo(Topics.STACK_EVENTS);
        assertThat(batch.aggregateid).isEqualTo("tree-a");
        assertThat(batch.type).isEqualTo(StackEventBatch.TYPE);
        CloudEvent envelope = CloudEvent.parse(batch.payload);
        assertThat(envelope.id()).isEqualTo(batch.id.toString());
        assertThat(envelope.subject()).isEqualTo("tree-a");
        assertThat(envelope.source()).isEqualTo(SOURCE);
        assertThat(envelope.dataAs(StackEventBatch.class).stackId()).isEqualTo("tree-a");
        assertThat(CloudEvent.parseAll(batch.payload)).extracting(CloudEvent::id)
                .containsExactly(a1.id.toString(), a2.id.toString(), a3.id.toString());
        assertThat(CloudEvent.parseAll(batch.payload)).containsExactly(CloudEvent.parse(a1.payload),
                CloudEvent.parse(a2.payload), CloudEvent.parse(a3.payload));
        assertThat(written.get(1)).isSameAs(metadata);
        assertThat(written.get(2)).isSameAs(b1);
    }

    @Test
    void rowsThatNeedNoBatchAreWrittenAsTheyAre() {
        List<OutboxEvent> rows = List.of(event("tree-a", "s1", "COMPLETE"), event("tree-b", "s2", "COMPLETE"),
                row("server-1", Topics.SERVER_METADATA, "{}"), row("server-1", Topics.SERVER_METADATA, "{}"));

        assertThat(OutboxBatches.batched(rows)).isSameAs(rows);
    }

    @Test
    void aTombstoneKeepsItsPlaceAndBatchesStopAtTheLargestRecord() {
        OutboxEvent tombstone = row("tree-a", Topics.STACK_EVENTS, null);
        List<OutboxEvent> rows = new ArrayList<>(List.of(tombstone));
        String padding = "x".repeat(100_000);
        for (int i = 0; i < 25; i++) {
            rows.add(event("tree-a", "s" + i, padding));
        }

        List<OutboxEvent> written = OutboxBatches.batched(rows);

        assertThat(written.get(0)).isSameAs(tombstone);
        assertThat(written).hasSize(4);
        assertThat(written.subList(1, 4)).allSatisfy(batch -> assertThat(batch.payload.length())
                .isLessThanOrEqualTo(Topics.MAX_BATCH_BYTES + 1_000));
        assertThat(written.subList(1, 4).stream().flatMap(batch -> CloudEvent.parseAll(batch.payload).stream())
                .map(CloudEvent::id)).containsExactlyElementsOf(rows.subList(1, 26).stream().map(r -> r.id.toString())
                .toList());
    }

    private static OutboxEvent event(String key, String stackId, String status) {
        CloudEvent event = CloudEvent.of(SOURCE, stackId, new StackStatusChanged(stackId, "demo", "s", "CREATE",
                status, "", null, 1));
        return row(key, Topics.STACK_EVENTS, event.toJson(), UUID.fromString(event.id()));
    }

    private static OutboxEvent row(String key, String topic, String payload) {
        return row(key, topic, payload, UUID.randomUUID());
    }

    private static OutboxEvent row(String key, String topic, String payload, UUID id) {
        OutboxEvent row = new OutboxEvent();
        row.id = id;
        row.aggregatetype = "stack";
        row.aggregateid = key;
        row.type = payload == null ? Outbox.TOMBSTONE : "t";
        row.topic = topic;
        row.payload = payload;
        row.timestamp = Instant.now();
        return row;
    }
}
