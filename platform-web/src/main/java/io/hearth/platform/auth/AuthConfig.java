package io.hearth.platform.auth;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** How requests are authenticated: static bearer tokens (development) or Keystone v3 tokens. */
@ConfigMapping(prefix = "hearth.auth")
public interface AuthConfig {

    /** Where a token's project and roles come from. */
    enum Mode {
        /** {@link #tokens()} and {@link #adminTokens()}: development and tests. */
        STATIC,
        /** Keystone v3 token validation, as keystonemiddleware does it. */
        KEYSTONE
    }

    /** {@code hearth.auth.mode} ({@code HEARTH_AUTH_MODE}): {@code static} (default) or {@code keystone}. */
    @WithDefault("static")
    Mode mode();

    /**
     * Accepted tokens as {@code token:tenant} pairs, comma-separated in properties
     * ({@code HEARTH_AUTH_TOKENS} in the environment); each acts as a {@code member} of its tenant. Only the dev
     * and test profiles have one, {@code hearth-dev-token:demo}; in production a service in static mode without
     * tokens refuses to start ({@link ProductionSecrets}).
     */
    Optional<List<String>> tokens();

    /**
     * Static tokens that act as {@code admin} of their tenant ({@code HEARTH_AUTH_ADMIN_TOKENS}), same format as
     * {@link #tokens()}; none by default.
     */
    Optional<List<String>> adminTokens();

    /** Keystone mode's settings. */
    Keystone keystone();

    /** {@code hearth.auth.keystone.*}: the service user Hearth validates tokens as, and the token cache. */
    interface Keystone {

        /** Keystone's identity URL, e.g. {@code http://127.0.0.1:5000/v3} ({@code HEARTH_AUTH_KEYSTONE_URL}). */
        Optional<String> url();

        /** The service user ({@code HEARTH_AUTH_KEYSTONE_USERNAME}). */
        @WithDefault("hearth")
        String username();

        /** The service user's password ({@code HEARTH_AUTH_KEYSTONE_PASSWORD}). */
        Optional<String> password();

        /** The project the service token is scoped to ({@code HEARTH_AUTH_KEYSTONE_PROJECT}). */
        @WithDefault("service")
        String project();

        /** The service user's domain name ({@code HEARTH_AUTH_KEYSTONE_USER_DOMAIN}). */
        @WithDefault("Default")
        String userDomain();

        /** The service project's domain name ({@code HEARTH_AUTH_KEYSTONE_PROJECT_DOMAIN}). */
        @WithDefault("Default")
        String projectDomain();

        /**
         * How long a validated token is trusted without asking Keystone again ({@code HEARTH_AUTH_KEYSTONE_CACHE_TTL}):
         * the bound within which a revoked token stops working. Never past the token's own expiry.
         */
        @WithDefault("30s")
        Duration cacheTtl();

        /** How long a call to Keystone may take ({@code HEARTH_AUTH_KEYSTONE_TIMEOUT}). */
        @WithDefault("5s")
        Duration timeout();
    }
}
