package io.hearth.contracts.stack.v1;

import io.hearth.contracts.envelope.CloudEvent;
import java.util.List;

/**
 * Several events of one stack tree that one transaction wrote, in one record of {@code hearth.stack.events}: the
 * outbox carries a transaction's events of a topic that batches ({@code Topics.batched}) under one key in one record,
 * so a step that changes a hundred stacks of a tree publishes one record, not hundreds. Each event keeps its own id,
 * subject, type, time and trace context; a reader reads them one by one, in this order, as if each had come alone
 * ({@link CloudEvent#unbatched()}). A transaction with one event for the key publishes that event alone.
 *
 * @param stackId the tree's top-level stack id: the record's key and the batch's subject
 * @param events  the events, in the order they were written
 */
public record StackEventBatch(String stackId, List<CloudEvent> events) {
    public static final String TYPE = "io.hearth.stack.event-batch.v1";
}
