package io.hearth.agent;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;

/** Facts about the instance the agent runs on: its boot id and its address. */
public final class Instance {

    private static final Path BOOT_ID = Path.of("/proc/sys/kernel/random/boot_id");

    private Instance() {
    }

    /**
     * The kernel's boot id; where there is none, an id kept in {@code stateDir/boot-id} (which then cannot
     * tell a reboot from an agent restart).
     */
    public static String bootId(Path stateDir) throws IOException {
        if (Files.isReadable(BOOT_ID)) {
            return Files.readString(BOOT_ID, StandardCharsets.US_ASCII).trim();
        }
        Path kept = stateDir.resolve("boot-id");
        if (!Files.exists(kept)) {
            io.hearth.agent.journal.AtomicFiles.write(kept,
                    UUID.randomUUID().toString().getBytes(StandardCharsets.US_ASCII));
        }
        return Files.readString(kept, StandardCharsets.US_ASCII).trim();
    }

    /** The local address this instance uses to reach the metadata URL's host (no packet is sent). */
    public static String address(URI towards) {
        int port = towards.getPort() > 0 ? towards.getPort() : 80;
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.connect(new InetSocketAddress(towards.getHost(), port));
            InetAddress local = socket.getLocalAddress();
            if (local != null && !local.isAnyLocalAddress()) {
                return local.getHostAddress();
            }
        } catch (IOException | RuntimeException e) {
            // fall through
        }
        try {
            return InetAddress.getLocalHost().getHostAddress();
        } catch (IOException e) {
            return "127.0.0.1";
        }
    }

    /** The HTTP client agents share: HTTP/1.1, 10 s to connect. */
    public static HttpClient httpClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
    }
}
