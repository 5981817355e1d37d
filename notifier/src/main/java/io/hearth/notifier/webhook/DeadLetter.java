package io.hearth.notifier.webhook;

import java.time.Instant;

/**
 * An event whose last try failed.
 *
 * @param id         its id
 * @param seq        the event's journal sequence
 * @param stackId    the stack the event is about
 * @param type       the event's CloudEvent type
 * @param payload    the event's CloudEvent JSON
 * @param attempts   how many tries failed
 * @param lastStatus the receiver's last HTTP status; null when it did not answer
 * @param lastError  what the last try got: the status and the start of the answer's body, or the network error
 * @param failedAt   when the last try failed
 */
public record DeadLetter(String id, long seq, String stackId, String type, String payload, int attempts,
        Integer lastStatus, String lastError, Instant failedAt) {
}
