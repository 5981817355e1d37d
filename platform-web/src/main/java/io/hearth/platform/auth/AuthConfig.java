package io.hearth.platform.auth;

import io.smallrye.config.ConfigMapping;
import java.util.List;

/** Which bearer tokens are accepted and the tenant each one maps to. */
@ConfigMapping(prefix = "hearth.auth")
public interface AuthConfig {

    /**
     * Accepted tokens as {@code token:tenant} pairs, comma-separated in properties
     * ({@code HEARTH_AUTH_TOKENS} in the environment). The default {@code hearth-dev-token:demo}
     * is for local development only.
     */
    List<String> tokens();
}
