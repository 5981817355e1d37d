package io.hearth.deployment.software;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Where agents send deployment signals and how long a signal URL stays valid. */
@ConfigMapping(prefix = "hearth.signal")
public interface SignalConfig {

    /** The signal-gateway's base URL as agents reach it ({@code HEARTH_SIGNAL_BASE_URL}). */
    @WithDefault("http://127.0.0.1:8006")
    String baseUrl();

    /** How long a deployment's signal URL is valid after its generation started. */
    @WithDefault("P30D")
    Duration urlTtl();
}
