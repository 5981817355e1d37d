package io.hearth.gateway.config;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/** Settings of the signal gateway ({@code hearth.gateway.*}). */
@ConfigMapping(prefix = "hearth.gateway")
public interface GatewayConfig {

    /** The largest request body accepted, in bytes; a larger one is refused with 413. */
    @WithDefault("1048576")
    int maxBodyBytes();

    /** How long a request waits for Kafka to acknowledge what it publishes before it is answered 503. */
    @WithDefault("10s")
    Duration publishTimeout();

    /** Per signed path request limits. */
    RateLimit rateLimit();

    /** Metadata long-polls. */
    LongPoll longPoll();

    /** Metric pushes on metric URLs. */
    Metrics metrics();

    /** A token bucket per signed URL path: {@code burst} requests at once, refilled at {@code perSecond}. */
    interface RateLimit {
        /** Tokens added to a path's bucket per second. */
        @WithDefault("20")
        double perSecond();

        /** The bucket's size: how many requests a path may make at once. */
        @WithDefault("50")
        int burst();

        /** Buckets kept before idle (full) ones are dropped early; bounds the limiter's memory. */
        @WithDefault("100000")
        int maxTrackedPaths();
    }

    /** Metadata long-poll settings. */
    interface LongPoll {
        /** The longest a metadata request is held, whatever its {@code wait} asks for. */
        @WithDefault("60s")
        Duration maxWait();

        /** Long-polls held at once for one server; one more is answered 429. */
        @WithDefault("8")
        int maxPerServer();
    }

    /** Metric push settings: a push is small; the per-path rate limit applies to each metric URL too. */
    interface Metrics {
        /** The largest metric push body, in bytes; a larger one is refused with 413. */
        @WithDefault("65536")
        int maxBodyBytes();

        /** The most samples one push may carry; more are refused with 400. */
        @WithDefault("100")
        int maxSamples();

        /** How far in the past a sample's timestamp may lie; an older one is refused with 400. */
        @WithDefault("PT1H")
        Duration maxAge();

        /** How far ahead of the gateway's clock a sample's timestamp may lie (clock skew); more is refused. */
        @WithDefault("PT5M")
        Duration maxSkew();
    }
}
