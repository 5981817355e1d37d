package io.hearth.platform.signing;

import io.smallrye.config.ConfigMapping;
import java.util.List;

/** The keys that sign and check pre-signed URLs. */
@ConfigMapping(prefix = "hearth.signing")
public interface SigningConfig {

    /**
     * Known keys as {@code kid:secret} pairs, comma-separated ({@code HEARTH_SIGNING_KEYS}); every one of
     * them is accepted when checking, so a key can be rotated by adding the new one first. The default is
     * for local development only.
     */
    List<String> keys();

    /** The key id that signs new URLs ({@code HEARTH_SIGNING_ACTIVE_KEY}); must be one of {@link #keys()}. */
    String activeKey();
}
