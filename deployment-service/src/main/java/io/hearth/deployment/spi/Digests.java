package io.hearth.deployment.spi;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/** A SHA-256 of texts, in hex: tells whether something changed without keeping a copy of it. */
public final class Digests {

    private Digests() {
    }

    /** The digest of the parts' UTF-8 bytes, a zero byte between two parts. */
    public static String sha256(String... parts) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (int i = 0; i < parts.length; i++) {
                if (i > 0) {
                    sha.update((byte) 0);
                }
                sha.update(parts[i].getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
