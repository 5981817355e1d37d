package io.hearth.agent.host;

import io.hearth.agent.journal.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * Hands out loopback addresses 127.0.x.y (y from 1 to 254), never 127.0.0.1 and never one in use, going
 * round a counter kept in {@code <state>/next-address} so a deleted server's address is not reused soon.
 */
final class AddressPool {

    private static final int SIZE = 254 * 256;

    private final Path counter;

    AddressPool(Path stateDir) {
        this.counter = stateDir.resolve("next-address");
    }

    /** The n-th address: 127.0.(n / 254).(n % 254 + 1). */
    static String address(int n) {
        return "127.0." + (n / 254) + "." + (n % 254 + 1);
    }

    /** A free address, the counter moved past it. */
    synchronized String allocate(Set<String> inUse) throws IOException {
        int n = read();
        for (int tries = 0; tries < SIZE; tries++, n = n + 1 >= SIZE ? 1 : n + 1) {
            String candidate = address(n);
            if (n != 0 && !inUse.contains(candidate)) {
                AtomicFiles.write(counter, Integer.toString(n + 1 >= SIZE ? 1 : n + 1)
                        .getBytes(StandardCharsets.US_ASCII));
                return candidate;
            }
        }
        throw new IOException("no free loopback address left for a new server");
    }

    private int read() {
        try {
            int n = Integer.parseInt(Files.readString(counter, StandardCharsets.US_ASCII).trim());
            return n >= 1 && n < SIZE ? n : 1;
        } catch (IOException | NumberFormatException e) {
            return 1;
        }
    }
}
