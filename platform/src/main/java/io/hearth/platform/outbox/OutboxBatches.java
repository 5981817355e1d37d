package io.hearth.platform.outbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.util.RawValue;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.v1.StackEventBatch;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * A transaction's outbox rows as they are published: on a topic that batches ({@link Topics#BATCHED}), the rows of one
 * key become one row, a {@link StackEventBatch} of their events in their order, at the place of the first of them (a
 * key's rows keep their order, the only order Kafka keeps); a batch grows to at most {@link Topics#MAX_BATCH_BYTES},
 * beyond which the key's next rows start another. A key's single row, a tombstone and every other topic's rows stay
 * as they are. The events are put in as their JSON text, not read and written again.
 */
final class OutboxBatches {

    private OutboxBatches() {
    }

    /** The rows to write for {@code rows}, in the order the relay publishes them. */
    static List<OutboxEvent> batched(List<OutboxEvent> rows) {
        if (rows.size() < 2) {
            return rows;
        }
        List<Object> slots = new ArrayList<>(rows.size());
        Map<String, Batch> open = new HashMap<>();
        boolean batched = false;
        for (OutboxEvent row : rows) {
            if (row.payload == null || !Topics.BATCHED.contains(row.topic)) {
                slots.add(row);
                continue;
            }
            String key = row.topic + '\u0000' + row.aggregateid;
            Batch batch = open.get(key);
            if (batch == null || batch.bytes + row.payload.length() + 1 > Topics.MAX_BATCH_BYTES) {
                batch = new Batch();
                open.put(key, batch);
                slots.add(batch);
            } else {
                batched = true;
            }
            batch.rows.add(row);
            batch.bytes += row.payload.length() + 1;
        }
        if (!batched) {
            return rows;
        }
        List<OutboxEvent> written = new ArrayList<>(slots.size());
        for (Object slot : slots) {
            if (slot instanceof Batch batch) {
                written.add(batch.rows.size() == 1 ? batch.rows.get(0) : batch(batch.rows));
            } else {
                written.add((OutboxEvent) slot);
            }
        }
        return written;
    }

    /** A key's rows gathered so far and their payloads' size, a comma each. */
    private static final class Batch {
        final List<OutboxEvent> rows = new ArrayList<>();
        int bytes;
    }

    /** One row carrying the rows' events; its envelope's source and trace context are its first event's. */
    private static OutboxEvent batch(List<OutboxEvent> rows) {
        OutboxEvent first = rows.get(0);
        CloudEvent head = CloudEvent.parse(first.payload);
        StringBuilder events = new StringBuilder(rows.stream().mapToInt(row -> row.payload.length() + 1).sum() + 1)
                .append('[');
        for (OutboxEvent row : rows) {
            events.append(events.length() == 1 ? "" : ",").append(row.payload);
        }
        ObjectNode data = HearthJson.mapper().createObjectNode().put("stackId", first.aggregateid);
        data.putRawValue("events", new RawValue(events.append(']').toString()));
        CloudEvent envelope = new CloudEvent(CloudEvent.SPEC_VERSION, UUID.randomUUID().toString(), head.source(),
                StackEventBatch.TYPE, first.aggregateid, head.time(), CloudEvent.JSON, data)
                .withExtension(CloudEvent.TRACEPARENT, head.extension(CloudEvent.TRACEPARENT))
                .withExtension(CloudEvent.TRACESTATE, head.extension(CloudEvent.TRACESTATE));
        OutboxEvent row = new OutboxEvent();
        row.id = UUID.fromString(envelope.id());
        row.aggregatetype = first.aggregatetype;
        row.aggregateid = first.aggregateid;
        row.type = StackEventBatch.TYPE;
        row.topic = first.topic;
        row.payload = envelope.toJson();
        row.timestamp = first.timestamp;
        return row;
    }
}
