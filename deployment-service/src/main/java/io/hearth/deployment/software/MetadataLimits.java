package io.hearth.deployment.software;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * How large a server's metadata document may grow. It is published whole to {@code hearth.server.metadata} on
 * every change, so it must stay a record Kafka takes ({@code Topics.MAX_RECORD_BYTES}, 8 MiB): a change that
 * would pass the limit is refused before anything of it is written ({@link DocumentTooLarge}).
 */
@ConfigMapping(prefix = "hearth.server-metadata")
public interface MetadataLimits {

    /**
     * The largest metadata event of one server (the CloudEvents envelope holding its document), in bytes: as
     * much as one API request may carry (1 MiB, Heat's max_json_body_size), well below the 8 MiB Kafka record
     * limit, since the whole document is published and polled again on every change.
     */
    @WithDefault("1048576")
    int maxBytes();
}
