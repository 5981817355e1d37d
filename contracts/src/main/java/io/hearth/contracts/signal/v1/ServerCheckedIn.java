package io.hearth.contracts.signal.v1;

import io.hearth.contracts.deployment.v1.ServerMetadata;
import java.time.Instant;

/**
 * An agent polled its server's metadata for the first time since it started, or was served a document that asks
 * for a check ({@link ServerMetadata#check()}: a stack CHECK of the server) for the first time.
 *
 * @param stackId      the stack's id
 * @param serverId     the server's id
 * @param address      the address the server can be reached at, may be null
 * @param agentVersion the agent's version
 * @param bootId       identifies the instance's boot, so a reboot is told from an agent restart
 * @param checkedInAt  when the gateway saw it
 * @param check        the check token of the document the agent was served, null for a plain check-in
 */
public record ServerCheckedIn(String stackId, String serverId, String address, String agentVersion, String bootId,
        Instant checkedInAt, String check) {
    public static final String TYPE = "io.hearth.signal.server-checked-in.v1";

    /** A plain check-in: the first poll of an agent's start. */
    public ServerCheckedIn(String stackId, String serverId, String address, String agentVersion, String bootId,
            Instant checkedInAt) {
        this(stackId, serverId, address, agentVersion, bootId, checkedInAt, null);
    }
}
