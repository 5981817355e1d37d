package io.hearth.contracts.signal.v1;

import java.time.Instant;

/**
 * An agent polled its server's metadata for the first time since it started.
 *
 * @param stackId      the stack's id
 * @param serverId     the server's id
 * @param address      the address the server can be reached at, may be null
 * @param agentVersion the agent's version
 * @param bootId       identifies the instance's boot, so a reboot is told from an agent restart
 * @param checkedInAt  when the gateway saw it
 */
public record ServerCheckedIn(String stackId, String serverId, String address, String agentVersion, String bootId,
        Instant checkedInAt) {
    public static final String TYPE = "io.hearth.signal.server-checked-in.v1";
}
