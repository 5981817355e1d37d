package io.hearth.deployment.software;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * How large a server's metadata document may grow: the sum of its deployments' item sizes, which deployment-service
 * keeps with the server's row ({@code server_metadata.document_bytes}) as it publishes items one by one to
 * {@code hearth.server.deployments}. An agent polls the document whole from the gateway: a change that would pass
 * the limit is refused before anything of it is written ({@link DocumentTooLarge}).
 */
@ConfigMapping(prefix = "hearth.server-metadata")
public interface MetadataLimits {

    /**
     * The largest metadata document of one server (the UTF-8 size of its items), in bytes: as much as one API
     * request may carry (1 MiB, Heat's max_json_body_size), well below the 8 MiB Kafka record limit, since agents
     * poll the whole document again on every change.
     */
    @WithDefault("1048576")
    int maxBytes();
}
