package io.hearth.notifier.journal;

/**
 * Which events a stream carries: a tenant's, all of them or one stack's tree.
 *
 * @param tenant  the tenant the client authenticated as
 * @param stackId null for every stack of the tenant; else the stack whose events, and whose nested stacks'
 *                events, the stream carries
 */
public record StreamScope(String tenant, String stackId) {

    /** Every event of a tenant. */
    public static StreamScope tenant(String tenant) {
        return new StreamScope(tenant, null);
    }
}
