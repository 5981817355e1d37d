package io.hearth.notifier.webhook;

/** A receiver's URL that may not be POSTed to, with why (safe to show the tenant: it names no internal answer). */
public class ReceiverRefused extends RuntimeException {

    public ReceiverRefused(String reason) {
        super(reason, null, false, false);
    }
}
