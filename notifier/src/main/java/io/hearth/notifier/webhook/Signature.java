package io.hearth.notifier.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code Hearth-Signature} header of a delivery: {@code t=<unix seconds>,v1=<hex>[,v1=<hex>]}, each {@code v1}
 * the HMAC-SHA256, keyed with a secret's UTF-8 bytes, of {@code "<t>.<body>"} (the body's exact bytes). The first
 * {@code v1} is the current secret's; during a rotation's grace period a second one is the previous secret's. A
 * receiver recomputes the HMAC with the secret it holds and accepts the delivery when any {@code v1} equals it
 * (compared in constant time) and {@code t} is recent.
 */
public final class Signature {

    /** The header's name. */
    public static final String HEADER = "Hearth-Signature";

    private static final SecureRandom RANDOM = new SecureRandom();

    private Signature() {
    }

    /** A new secret: 32 random bytes, base64url without padding, after a {@code whsec_} prefix. */
    public static String newSecret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return "whsec_" + Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The header's value for a body sent at {@code unixSeconds}; {@code previous} is null outside a grace period. */
    public static String header(long unixSeconds, byte[] body, String secret, String previous) {
        String value = "t=" + unixSeconds + ",v1=" + hmac(secret, unixSeconds, body);
        return previous == null ? value : value + ",v1=" + hmac(previous, unixSeconds, body);
    }

    /** The lowercase hex HMAC-SHA256 of {@code "<t>.<body>"} keyed with the secret's UTF-8 bytes. */
    public static String hmac(String secret, long unixSeconds, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((unixSeconds + ".").getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }
}
