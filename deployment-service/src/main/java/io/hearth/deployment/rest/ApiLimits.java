package io.hearth.deployment.rest;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** Limits of the software configs and deployments API. */
@ConfigMapping(prefix = "hearth.deployments")
public interface ApiLimits {

    /** The largest JSON body accepted, in bytes (Heat's {@code max_json_body_size}). */
    @WithDefault("1048576")
    int maxBodyBytes();
}
