package io.hearth.agent.host;

import io.hearth.agent.journal.AtomicFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The generation of each server's desired state host mode applied last, one file per server in
 * {@code <state>/generations/<id>} (written atomically), so that a restart of the host applies no generation twice.
 */
final class AppliedGenerations {

    private final Path dir;

    AppliedGenerations(Path stateDir) throws IOException {
        this.dir = stateDir.toAbsolutePath().resolve("generations");
        Files.createDirectories(dir);
    }

    /** The last generation applied to a server, 0 when none was. */
    long get(String serverId) {
        try {
            return Long.parseLong(Files.readString(dir.resolve(LocalServers.safe(serverId)), StandardCharsets.US_ASCII)
                    .trim());
        } catch (IOException | NumberFormatException e) {
            return 0;
        }
    }

    /** Records that a server's generation was applied. */
    void put(String serverId, long generation) throws IOException {
        AtomicFiles.write(dir.resolve(LocalServers.safe(serverId)),
                Long.toString(generation).getBytes(StandardCharsets.US_ASCII));
    }

    /** Forgets a server (its desired state was removed for good: a tombstone). */
    void forget(String serverId) throws IOException {
        Files.deleteIfExists(dir.resolve(LocalServers.safe(serverId)));
    }
}
