package io.hearth.platform.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Validated Keystone tokens by their SHA-256 (the token itself is never kept). An entry is <em>fresh</em> for the
 * cache TTL after its validation, never past the token's expiry: within that bound a token revoked in Keystone
 * still works. After the TTL it is <em>stale</em>: the caller asks Keystone again, and uses a stale entry only while
 * Keystone cannot be reached, until the token expires.
 */
public final class TokenCache {

    /** Entries beyond which a put first drops the expired ones. */
    static final int PRUNE_ABOVE = 10_000;

    /** A cached validation: whom the token stands for, until when it is fresh, when it expires. */
    public record Entry(Caller caller, Instant freshUntil, Instant expiresAt) {
    }

    private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
    private final Duration ttl;
    private final Clock clock;

    public TokenCache(Duration ttl, Clock clock) {
        this.ttl = ttl;
        this.clock = clock;
    }

    /** The key of a token: its SHA-256 in hex. */
    public static String key(String token) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The fresh entry's caller, null when there is none (absent, past the TTL or expired). */
    public Caller fresh(String key) {
        Entry entry = entries.get(key);
        return entry != null && clock.instant().isBefore(entry.freshUntil()) ? entry.caller() : null;
    }

    /** The caller of an entry whose token has not expired (fresh or stale), null when there is none. */
    public Caller unexpired(String key) {
        Entry entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (!clock.instant().isBefore(entry.expiresAt())) {
            entries.remove(key, entry);
            return null;
        }
        return entry.caller();
    }

    /** Records a validation that Keystone has just made. */
    public void put(String key, Caller caller, Instant expiresAt) {
        Instant now = clock.instant();
        if (entries.size() >= PRUNE_ABOVE) {
            entries.values().removeIf(entry -> !now.isBefore(entry.expiresAt()));
        }
        Instant freshUntil = now.plus(ttl);
        entries.put(key, new Entry(caller, freshUntil.isBefore(expiresAt) ? freshUntil : expiresAt, expiresAt));
    }

    /** Forgets a token Keystone no longer accepts. */
    public void remove(String key) {
        entries.remove(key);
    }

    public int size() {
        return entries.size();
    }
}
