package io.hearth.notifier.journal;

/**
 * One event of the journal.
 *
 * @param seq         its place in the journal: grows with every event, the stream's {@code id:}
 * @param tenant      the tenant it belongs to
 * @param stackId     the stack it is about
 * @param rootStackId the top of that stack's tree (the stack itself when it is no nested stack)
 * @param payload     the CloudEvent JSON as it was consumed
 */
public record JournalEntry(long seq, String tenant, String stackId, String rootStackId, String payload) {

    /**
     * The CloudEvent as clients get it: the consumed JSON with the CloudEvents {@code sequence} extension
     * attribute, the journal position (as a string, as the extension defines it) that resumes after it.
     */
    public String framed() {
        return "{\"sequence\":\"" + seq + "\"," + payload.substring(1);
    }
}
