package io.hearth.notifier.config;

import io.smallrye.config.ConfigMapping;
import java.util.List;
import java.util.Optional;

/** Where webhooks and alarm actions may be POSTed ({@code hearth.webhooks.*}). */
@ConfigMapping(prefix = "hearth.webhooks")
public interface WebhookTargetsConfig {

    /**
     * Internal receivers an operator opens explicitly (env {@code HEARTH_WEBHOOKS_ALLOWED_TARGETS}), comma separated:
     * a CIDR ({@code 10.1.0.0/16}), an address ({@code 127.0.0.1}: every port) or {@code host:port}
     * ({@code 127.0.0.1:9000}, {@code [::1]:9000}, {@code hooks.internal:443}: that port of that host only). Empty by
     * default: a URL whose host resolves to a loopback, link-local, private, shared (CGNAT), multicast, reserved or
     * one of the system's own addresses is refused.
     */
    Optional<List<String>> allowedTargets();
}
