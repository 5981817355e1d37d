package io.hearth.notifier.webhook;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * A CIDR block ({@code 10.0.0.0/8}, {@code fc00::/7}); an address alone is a block of one.
 *
 * @param network the block's first address, as bytes (4 or 16)
 * @param bits    how many leading bits an address shares with it
 */
public record AddressRange(byte[] network, int bits) {

    /** Parses {@code address[/bits]} given as an IP literal; {@link IllegalArgumentException} otherwise. */
    public static AddressRange parse(String text) {
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        byte[] bytes = literal(address);
        if (bytes == null) {
            throw new IllegalArgumentException("'" + text + "' is not an IP address or CIDR block");
        }
        int bits = bytes.length * 8;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(text.substring(slash + 1));
            } catch (NumberFormatException e) {
                bits = -1;
            }
            if (bits < 0 || bits > bytes.length * 8) {
                throw new IllegalArgumentException("'" + text + "' has a prefix length outside 0-" + bytes.length * 8);
            }
        }
        return new AddressRange(bytes, bits);
    }

    /** The bytes of an IPv4 dotted quad or an IPv6 literal (brackets allowed); null for anything else. */
    public static byte[] literal(String text) {
        String bare = text.startsWith("[") && text.endsWith("]") ? text.substring(1, text.length() - 1) : text;
        boolean v4 = bare.matches("(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)(\\.(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)){3}");
        boolean v6 = bare.contains(":") && bare.matches("[0-9A-Fa-f:.]+");
        if (!v4 && !v6) {
            return null;
        }
        try {
            // A literal: no lookup. An IPv6 literal stays 16 bytes (the JDK makes an IPv4-mapped one IPv4).
            byte[] bytes = InetAddress.getByName(bare).getAddress();
            if (v6 && bytes.length == 4) {
                byte[] mapped = new byte[16];
                mapped[10] = (byte) 0xff;
                mapped[11] = (byte) 0xff;
                System.arraycopy(bytes, 0, mapped, 12, 4);
                return mapped;
            }
            return bytes;
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** Whether the address lies in this block (an IPv4 address never lies in an IPv6 block, nor the reverse). */
    public boolean contains(byte[] address) {
        if (address.length != network.length) {
            return false;
        }
        int whole = bits / 8;
        for (int i = 0; i < whole; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int rest = bits % 8;
        if (rest == 0) {
            return true;
        }
        int mask = 0xff << (8 - rest) & 0xff;
        return (address[whole] & mask) == (network[whole] & mask);
    }
}
