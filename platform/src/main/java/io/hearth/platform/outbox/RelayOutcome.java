package io.hearth.platform.outbox;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.kafka.common.InvalidRecordException;
import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.errors.RecordBatchTooLargeException;
import org.apache.kafka.common.errors.RecordTooLargeException;
import org.apache.kafka.common.errors.RetriableException;
import org.apache.kafka.common.errors.SerializationException;

/**
 * What became of each row of a batch the relay sent, decided from the broker's answers in the batch's order:
 * <ul>
 * <li>published: acknowledged; the batch's transaction removes (or marks) it;</li>
 * <li>dead-lettered: refused for a reason no retry can fix ({@link #permanent}); moved to
 * {@code outbox_dead_letter} in the same transaction, so it never blocks the rows behind it;</li>
 * <li>held back: it failed for any other reason (a timeout, the broker away, a missing topic, a denied
 * write: retrying, or an operator, can fix those), or an earlier row of its topic and key is held back.
 * It stays in the outbox, in its place, for the next attempt: the last record of a key in Kafka is then
 * always the key's last row (what a compacted topic keeps), at the price of publishing such a later row
 * twice when Kafka had acknowledged it (consumers deduplicate on the event id).</li>
 * <li>deferred: not sent, since an earlier row of its topic and key was still unpublished when the batch was
 * claimed ({@link OutboxClaim}); it goes back in its place, as a held-back row does, for the next claim.</li>
 * </ul>
 *
 * @param claimed      how many rows the batch claimed
 * @param published    the rows Kafka acknowledged
 * @param deadLettered the rows set aside, with Kafka's reason
 * @param heldBack     the rows left for the next attempt
 * @param deferred     the rows not sent, left for the next claim
 * @param retryCause   why the first held-back row failed, or null
 */
record RelayOutcome(int claimed, List<OutboxEvent> published, List<DeadLetter> deadLettered,
        List<OutboxEvent> heldBack, List<OutboxEvent> deferred, Throwable retryCause) {

    /** The outcome of an empty batch. */
    static final RelayOutcome NONE = new RelayOutcome(0, List.of(), List.of(), List.of(), List.of(), null);

    /** Failures no retry fixes: the record itself is what the broker or the producer refuses. */
    private static final List<Class<? extends Throwable>> PERMANENT = List.of(RecordTooLargeException.class,
            RecordBatchTooLargeException.class, InvalidRecordException.class, InvalidTopicException.class,
            SerializationException.class);

    /**
     * A row set aside for good.
     *
     * @param row    the outbox row
     * @param reason Kafka's error, class and message
     */
    record DeadLetter(OutboxEvent row, String reason) {
    }

    /**
     * Decides the outcome of a batch.
     *
     * @param rows     the rows sent, in their order
     * @param failures per row, what the producer failed it with, or null when the broker acknowledged it
     * @param deferred the claimed rows that were not sent
     */
    static RelayOutcome of(List<OutboxEvent> rows, List<Throwable> failures, List<OutboxEvent> deferred) {
        List<OutboxEvent> published = new ArrayList<>();
        List<DeadLetter> deadLettered = new ArrayList<>();
        List<OutboxEvent> heldBack = new ArrayList<>();
        Set<List<String>> blocked = new HashSet<>(); // (topic, key) with a row held back
        Throwable retryCause = null;
        for (int i = 0; i < rows.size(); i++) {
            OutboxEvent row = rows.get(i);
            Throwable failure = failures.get(i);
            Throwable permanent = failure == null ? null : permanent(failure);
            List<String> key = List.of(row.topic, row.aggregateid);
            if (permanent != null) {
                deadLettered.add(new DeadLetter(row, permanent.getClass().getName() + ": " + permanent.getMessage()));
            } else if (failure != null || blocked.contains(key)) {
                heldBack.add(row);
                blocked.add(key);
                retryCause = retryCause == null ? failure : retryCause;
            } else {
                published.add(row);
            }
        }
        return new RelayOutcome(rows.size() + deferred.size(), published, deadLettered, heldBack, deferred,
                retryCause);
    }

    /** The rows that go back unpublished, in their places: the held-back and the deferred ones. */
    List<OutboxEvent> putBack() {
        List<OutboxEvent> rows = new ArrayList<>(heldBack);
        rows.addAll(deferred);
        return rows;
    }

    /**
     * The error of {@code failure}'s causes that no retry can fix, or null: a {@link RetriableException} or
     * anything not known to be permanent is worth another attempt.
     */
    static Throwable permanent(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof RetriableException) {
                return null;
            }
            for (Class<? extends Throwable> type : PERMANENT) {
                if (type.isInstance(cause)) {
                    return cause;
                }
            }
        }
        return null;
    }
}
