package io.hearth.contracts.compute.v1;

/**
 * What a compute driver reports about one generation of a server, on {@code hearth.compute.status} under the
 * server's id; deployment-service consumes it (docs/compute-drivers.md).
 *
 * @param serverId   the server's id (the record's key)
 * @param stackId    the stack's id
 * @param tenant     the owning tenant
 * @param generation the generation of {@link ServerDesired} the report is about
 * @param state      where the server is
 * @param driver     the reporting driver's id
 * @param reason     why, for {@link State#FAILED}; may be null otherwise
 */
public record ServerReported(String serverId, String stackId, String tenant, long generation, State state,
        String driver, String reason) {

    public static final String TYPE = "io.hearth.compute.server-reported.v1";

    /** A server's state as its driver sees it. */
    public enum State {
        /** The driver took the generation on and is working on it (e.g. the instance is building). */
        ACCEPTED,
        /** The server exists and runs; its agent will check in. */
        ACTIVE,
        /** The server exists and is suspended. */
        SUSPENDED,
        /** The server is gone. */
        DELETED,
        /** The driver cannot bring the server to the desired state; {@code reason} says why. */
        FAILED
    }
}
