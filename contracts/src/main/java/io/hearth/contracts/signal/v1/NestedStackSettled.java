package io.hearth.contracts.signal.v1;

/**
 * A nested stack's action ended (COMPLETE or FAILED) in a transaction of its own: deployment-service tells the
 * parent stack's resource that waits for it, through the parent's signals (key: the parent stack's id, so the
 * parent's owner applies it, with the parent's row locked before the nested one's). A nested stack that ends in
 * the parent's own transaction (every resource instant) sends it too; the resource's action is over by then and
 * the signal changes nothing.
 *
 * @param stackId       the parent stack's id
 * @param resourceName  the parent's resource that owns the nested stack
 * @param nestedStackId the nested stack's id (the resource's physical id)
 * @param action        the nested stack's action: CREATE, UPDATE or DELETE
 * @param status        COMPLETE or FAILED
 * @param statusReason  the nested stack's status reason, e.g. {@code Resource CREATE failed: ...}
 */
public record NestedStackSettled(String stackId, String resourceName, String nestedStackId, String action,
        String status, String statusReason) {
    public static final String TYPE = "io.hearth.signal.nested-stack-settled.v1";
}
