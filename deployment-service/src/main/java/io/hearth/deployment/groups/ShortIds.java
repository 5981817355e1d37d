package io.hearth.deployment.groups;

import java.security.SecureRandom;

/**
 * Heat's {@code short_id.generate_id()}: 12 lower-case base32 characters (60 random bits), the names of an
 * AutoScalingGroup's members.
 */
public final class ShortIds {

    private static final char[] BASE32 = "abcdefghijklmnopqrstuvwxyz234567".toCharArray();
    private static final SecureRandom RANDOM = new SecureRandom();

    private ShortIds() {
    }

    /** A new random id. */
    public static String generate() {
        long bits = RANDOM.nextLong() >>> 4;
        char[] id = new char[12];
        for (int i = 11; i >= 0; i--) {
            id[i] = BASE32[(int) (bits & 31)];
            bits >>>= 5;
        }
        return new String(id);
    }
}
