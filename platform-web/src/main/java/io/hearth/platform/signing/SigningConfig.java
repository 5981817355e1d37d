package io.hearth.platform.signing;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.util.List;
import java.util.Optional;

/** The keys that sign and check pre-signed URLs. */
@ConfigMapping(prefix = "hearth.signing")
public interface SigningConfig {

    /**
     * Known keys as {@code kid:secret} pairs, comma-separated ({@code HEARTH_SIGNING_KEYS}); every one of
     * them is accepted when checking, so a key can be rotated by adding the new one first. Only the dev and
     * test profiles have one; in production a service that {@link #required() signs or checks} URLs refuses
     * to start without keys ({@code io.hearth.platform.auth.ProductionSecrets}).
     */
    Optional<List<String>> keys();

    /** The key id that signs new URLs ({@code HEARTH_SIGNING_ACTIVE_KEY}); must be one of {@link #keys()}. */
    String activeKey();

    /**
     * Whether this service signs or checks pre-signed URLs, and so needs {@link #keys()} in production
     * ({@code HEARTH_SIGNING_REQUIRED}); the notifier, which does neither, sets it to false.
     */
    @WithDefault("true")
    boolean required();
}
