package io.hearth.notifier.webhook;

import io.hearth.notifier.journal.JournalEntry;
import java.time.Instant;

/**
 * One try of one event, as the dispatcher claimed it.
 *
 * @param subscriptionId the subscription it is for
 * @param url            where it goes
 * @param secret         the secret that signs it
 * @param previousSecret the previous secret, still signing during a rotation's grace period; else null
 * @param entry          the journal event (its {@link JournalEntry#framed() framed} JSON is the body)
 * @param attempt        which try this is (1 for the first); also what fences its result
 */
public record Delivery(String subscriptionId, String url, String secret, String previousSecret, JournalEntry entry,
        int attempt) {

    /** The secrets in force at {@code now}: the previous one only before its grace period ended. */
    static String previousAt(String previous, Instant until, Instant now) {
        return previous != null && until != null && now.isBefore(until) ? previous : null;
    }
}
