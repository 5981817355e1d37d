package io.hearth.agent.journal;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What an agent already ran, on disk: one folder per run, {@code <dir>/<id>_<action>_<generation>/}, holding
 * {@code state.json} (a {@link JournalEntry}, replaced atomically at each phase), {@code item.json} (the
 * metadata item, the hook's stdin) and the hook's {@code stdout}, {@code stderr}, {@code pid} and
 * {@code exit} files. A folder without {@code state.json} records nothing.
 */
public final class Journal {

    /** The state file of a run's folder. */
    public static final String STATE = "state.json";

    private static final ObjectMapper JSON = HearthJson.mapper();

    private final Path dir;

    /** The journal kept in {@code dir} (created when needed). */
    public Journal(Path dir) {
        this.dir = dir.toAbsolutePath();
    }

    /** The journal's folder. */
    public Path dir() {
        return dir;
    }

    /** The folder of a run (not created). */
    public Path entryDir(RunKey key) {
        return dir.resolve(key.dirName());
    }

    /** The recorded state of a run, if any. */
    public Optional<JournalEntry> read(RunKey key) {
        return readState(entryDir(key).resolve(STATE));
    }

    /** Records a run's state atomically and durably. */
    public void write(JournalEntry entry) throws IOException {
        Path entryDir = entryDir(entry.key());
        if (!Files.isDirectory(entryDir)) {
            Files.createDirectories(entryDir);
            AtomicFiles.syncDirectory(dir);
        }
        AtomicFiles.write(entryDir.resolve(STATE), JSON.writeValueAsBytes(entry));
    }

    /** Writes a file of a run's folder atomically. */
    public Path writeFile(RunKey key, String name, byte[] content) throws IOException {
        Path file = entryDir(key).resolve(name);
        AtomicFiles.write(file, content);
        return file;
    }

    /** Every recorded run, oldest first. */
    public List<JournalEntry> entries() {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        List<JournalEntry> entries = new ArrayList<>();
        try (Stream<Path> folders = Files.list(dir)) {
            folders.filter(Files::isDirectory).forEach(f -> readState(f.resolve(STATE)).ifPresent(entries::add));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the journal " + dir, e);
        }
        entries.sort(Comparator.comparing(JournalEntry::startedAt));
        return entries;
    }

    /** The recorded runs that still need something (a hook to wait for, a signal to send), oldest first. */
    public List<JournalEntry> unfinished() {
        return entries().stream().filter(e -> !e.phase().terminal()).toList();
    }

    private static Optional<JournalEntry> readState(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(JSON.readValue(file.toFile(), JournalEntry.class));
        } catch (IOException e) {
            throw new UncheckedIOException("unreadable journal state " + file, e);
        }
    }
}
