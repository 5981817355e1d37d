package io.hearth.platform.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/** How this service names itself in the events it publishes (platform's {@code EventingConfig} adds the outbox's and inbox's settings). */
@ConfigMapping(prefix = "hearth.eventing")
public interface EventSourceConfig {

    /** The name this service puts in the CloudEvents {@code source} attribute. */
    @WithDefault("${quarkus.application.name:hearth}")
    String source();
}
