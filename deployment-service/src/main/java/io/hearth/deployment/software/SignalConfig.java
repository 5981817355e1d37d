package io.hearth.deployment.software;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Where agents send deployment and wait condition signals and how long a signal URL stays valid. */
@ConfigMapping(prefix = "hearth.signal")
public interface SignalConfig {

    /** The signal-gateway's base URL as agents reach it ({@code HEARTH_SIGNAL_BASE_URL}). */
    @WithDefault("http://127.0.0.1:8006")
    String baseUrl();

    /**
     * The Heat API's (template-service's) base URL as users reach it ({@code HEARTH_SIGNAL_HEAT_API_URL}), Heat's
     * {@code [clients_heat] url}: where a ScalingPolicy's {@code signal_url} points (Heat's resource signal, which
     * needs a token).
     */
    @WithDefault("http://127.0.0.1:8004")
    String heatApiUrl();

    /** How long a deployment's signal URL is valid after its generation started. */
    @WithDefault("P30D")
    Duration urlTtl();

    /**
     * How long a WaitConditionHandle's pre-signed URL ({@code endpoint}, {@code curl_cli}, {@code signal}) is
     * valid after the handle was created: Heat's handle URLs never expire, so ten years by default.
     */
    @WithDefault("P3650D")
    Duration handleUrlTtl();

    /**
     * How long a metric URL (a server's {@code deploy_metric_url}, a MetricAlarm's {@code metric_url}) is valid after
     * it was signed; it is signed again, with the active key, whenever the server's metadata document or the alarm
     * changes. Heat's alarm URLs never expire, so ten years by default.
     */
    @WithDefault("P3650D")
    Duration metricUrlTtl();
}
