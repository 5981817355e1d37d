package io.hearth.platform.auth;

import io.smallrye.config.ConfigMapping;
import java.util.List;
import java.util.Optional;

/** Which bearer tokens are accepted and the tenant each one maps to. */
@ConfigMapping(prefix = "hearth.auth")
public interface AuthConfig {

    /**
     * Accepted tokens as {@code token:tenant} pairs, comma-separated in properties
     * ({@code HEARTH_AUTH_TOKENS} in the environment). Only the dev and test profiles have one,
     * {@code hearth-dev-token:demo}; in production a service without tokens refuses to start
     * ({@link ProductionSecrets}).
     */
    Optional<List<String>> tokens();
}
