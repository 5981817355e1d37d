package io.hearth.agent.host;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.Instant;

/**
 * A local server as host mode keeps it in {@code servers/<id>/server.json}.
 *
 * @param serverId    the server's id
 * @param stackId     its stack
 * @param tenant      its tenant
 * @param name        its name
 * @param metadataUrl its pre-signed metadata URL
 * @param address     its own loopback address 127.0.x.y, never 127.0.0.1
 * @param bootId      its boot id, fixed at creation (a host restart is an agent restart, not a reboot)
 * @param createdAt   when it was created
 */
public record ServerRecord(@JsonProperty("server_id") String serverId, @JsonProperty("stack_id") String stackId,
        String tenant, String name, @JsonProperty("metadata_url") String metadataUrl, String address,
        @JsonProperty("boot_id") String bootId, @JsonProperty("created_at") Instant createdAt) {

    /** The file name in the server's folder. */
    public static final String FILE = "server.json";
}
