package io.hearth.deployment.spi;

import java.util.Locale;
import java.util.UUID;

/** Heat's physical resource names and short ids ({@code heat.common.short_id}). */
public final class PhysicalNames {

    /** Heat's {@code Resource.physical_resource_name_limit}. */
    static final int LIMIT = 255;

    private PhysicalNames() {
    }

    /** {@code <stack>-<resource>-<short id>}, reduced to Heat's limit as Heat reduces it. */
    public static String of(String stackName, String resourceName, UUID id) {
        return reduce(stripTrailingStars(stackName) + "-" + resourceName + "-" + shortId(id), LIMIT);
    }

    /**
     * {@code short_id.get_id}: the 60 random bits of a version 4 UUID's time field, base32, lower case,
     * 12 characters.
     */
    public static String shortId(UUID id) {
        long msb = id.getMostSignificantBits();
        long timeLow = msb >>> 32;
        long timeMid = (msb >>> 16) & 0xffffL;
        long timeHigh = msb & 0x0fffL;
        long time = (timeHigh << 48) | (timeMid << 32) | timeLow;
        byte[] bytes = new byte[8];
        // Heat writes the 60 bits big-endian, padded with 4 zero bits at the end.
        long padded = time << 4;
        for (int i = 0; i < 8; i++) {
            bytes[i] = (byte) (padded >>> (56 - 8 * i));
        }
        return base32(bytes).substring(0, 12).toLowerCase(Locale.ROOT);
    }

    /** Python's {@code name.rstrip('*')}, as Heat applies it to the stack's name. */
    private static String stripTrailingStars(String name) {
        int end = name.length();
        while (end > 0 && name.charAt(end - 1) == '*') {
            end--;
        }
        return name.substring(0, end);
    }

    /** {@code Resource.reduce_physical_resource_name}: the first two characters, a hyphen, the end. */
    public static String reduce(String name, int limit) {
        if (name.length() <= limit) {
            return name;
        }
        String tail = name.substring(name.length() - (limit - 3));
        return name.substring(0, 2) + "-" + tail;
    }

    private static String base32(byte[] bytes) {
        final String alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
        StringBuilder out = new StringBuilder();
        int buffer = 0;
        int bits = 0;
        for (byte b : bytes) {
            buffer = (buffer << 8) | (b & 0xff);
            bits += 8;
            while (bits >= 5) {
                out.append(alphabet.charAt((buffer >>> (bits - 5)) & 31));
                bits -= 5;
            }
        }
        if (bits > 0) {
            out.append(alphabet.charAt((buffer << (5 - bits)) & 31));
        }
        return out.toString();
    }
}
