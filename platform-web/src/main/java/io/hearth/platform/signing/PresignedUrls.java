package io.hearth.platform.signing;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Pre-signed URLs, Hearth's answer to Heat's {@code TEMP_URL_SIGNAL}: an HMAC-SHA256 over the method,
 * the path and the expiry, made with a named key, so whoever holds the URL may call exactly that method
 * on exactly that path until it expires, and the checker needs no database. The query carries
 * {@code kid}, {@code expires} (epoch seconds) and {@code signature} (unpadded base64url).
 */
@ApplicationScoped
public class PresignedUrls {

    /** What checking a request found. */
    public enum Verification {
        /** Signed by a known key, not expired. */
        OK,
        /** {@code kid}, {@code expires} or {@code signature} is absent. */
        MISSING,
        /** The key id is not configured (any more). */
        UNKNOWN_KEY,
        /** Correctly signed, but the expiry has passed. */
        EXPIRED,
        /** The signature does not match the method, path and expiry. */
        BAD_SIGNATURE
    }

    static final String KID = "kid";
    static final String EXPIRES = "expires";
    static final String SIGNATURE = "signature";

    private final Map<String, byte[]> keys;
    private final String activeKey;
    private final Clock clock;

    @Inject
    public PresignedUrls(SigningConfig config) {
        this(parse(config.keys().orElse(List.of())), config.activeKey(), Clock.systemUTC());
    }

    /**
     * @param keys      secrets by key id
     * @param activeKey the id of the key that signs
     * @param clock     what "now" is when checking the expiry
     */
    public PresignedUrls(Map<String, String> keys, String activeKey, Clock clock) {
        if (!keys.containsKey(activeKey)) {
            throw new IllegalArgumentException("hearth.signing.active-key '" + activeKey
                    + "' is not one of hearth.signing.keys " + keys.keySet());
        }
        Map<String, byte[]> secrets = new HashMap<>();
        keys.forEach((kid, secret) -> secrets.put(kid, secret.getBytes(StandardCharsets.UTF_8)));
        this.keys = Map.copyOf(secrets);
        this.activeKey = activeKey;
        this.clock = clock;
    }

    /**
     * The query string that authorizes {@code method} on {@code path} until {@code expiry}, signed with the
     * active key: {@code kid=...&expires=...&signature=...}.
     */
    public String sign(String method, String path, Instant expiry) {
        long expires = expiry.getEpochSecond();
        return KID + "=" + activeKey + "&" + EXPIRES + "=" + expires + "&" + SIGNATURE + "="
                + signature(keys.get(activeKey), activeKey, method, path, expires);
    }

    /** A whole URL: {@code baseUrl + path + "?" + sign(...)}. */
    public String url(String baseUrl, String method, String path, Instant expiry) {
        String base = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        return base + path + "?" + sign(method, path, expiry);
    }

    /** Checks a request's method, path and raw query string (may be null). */
    public Verification verify(String method, String path, String rawQuery) {
        return verify(method, path, query(rawQuery));
    }

    /** Checks a request's method, path and decoded query parameters. */
    public Verification verify(String method, String path, Map<String, String> query) {
        String kid = query.get(KID);
        String expires = query.get(EXPIRES);
        String signature = query.get(SIGNATURE);
        if (isBlank(kid) || isBlank(expires) || isBlank(signature)) {
            return Verification.MISSING;
        }
        byte[] secret = keys.get(kid);
        if (secret == null) {
            return Verification.UNKNOWN_KEY;
        }
        long expiry;
        try {
            expiry = Long.parseLong(expires);
        } catch (NumberFormatException e) {
            return Verification.BAD_SIGNATURE;
        }
        byte[] expected = signature(secret, kid, method, path, expiry).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.UTF_8))) {
            return Verification.BAD_SIGNATURE;
        }
        return clock.instant().getEpochSecond() > expiry ? Verification.EXPIRED : Verification.OK;
    }

    private static String signature(byte[] secret, String kid, String method, String path, long expires) {
        String canonical = method.toUpperCase(Locale.ROOT) + "\n" + path + "\n" + expires + "\n" + kid;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static Map<String, String> query(String rawQuery) {
        Map<String, String> out = new LinkedHashMap<>();
        if (rawQuery == null || rawQuery.isEmpty()) {
            return out;
        }
        for (String pair : rawQuery.split("&")) {
            int eq = pair.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
            out.putIfAbsent(name, value);
        }
        return out;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }

    /**
     * Secrets by key id from {@code kid:secret} entries (blank entries skipped).
     *
     * @throws IllegalArgumentException for an entry that is not {@code kid:secret}
     */
    public static Map<String, String> parse(Iterable<String> entries) {
        Map<String, String> keys = new LinkedHashMap<>();
        for (String raw : entries) {
            String entry = raw.trim();
            if (entry.isEmpty()) {
                continue;
            }
            int colon = entry.indexOf(':');
            if (colon <= 0 || colon == entry.length() - 1) {
                throw new IllegalArgumentException("hearth.signing.keys entry must be kid:secret");
            }
            keys.put(entry.substring(0, colon), entry.substring(colon + 1));
        }
        return keys;
    }
}
