package io.hearth.deployment.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** How deployment-service deals with compute drivers (docs/compute-drivers.md). */
@ConfigMapping(prefix = "hearth.compute")
public interface ComputeConfig {

    /**
     * How long an {@code OS::Nova::Server}'s create waits for a compute driver to accept the server (report it
     * ACCEPTED or ACTIVE) or for its agent to check in; past it the resource is CREATE_FAILED with a reason that says
     * no compute driver accepted it. A driver that is down for less than this (a restart) makes nothing fail.
     */
    @WithDefault("5m")
    Duration acceptTimeout();
}
