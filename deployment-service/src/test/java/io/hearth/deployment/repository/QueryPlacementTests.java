package io.hearth.deployment.repository;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Repositories own the service's queries: read from the sources, no class outside {@code repository/} queries,
 * inserts or deletes an entity of {@code domain/}, takes the session for a statement or a flush of its own, or runs
 * plain SQL on a connection of the reactive pool.
 */
class QueryPlacementTests {

    private static final Path SOURCES = Path.of("src/main/java/io/hearth/deployment");

    /**
     * A Panache query or write on an entity of {@code domain/}, a statement of one's own on the session (or the session
     * taken from an entity), or plain SQL.
     */
    private static final Pattern QUERY = Pattern.compile("\\b(DataBag|DeploymentRun|DeploymentSignal|ResourceHook"
            + "|ResourceRuntime|ServerMetadataRow|SoftwareConfig|SoftwareDeployment|StackRuntime)\\.(<\\w+>)?"
            + "(find|findById|list|listAll|count|delete|deleteAll|update|stream|persist)\\("
            + "|\\.persist\\(\\)|::persist\\b|\\.delete\\(\\)|::delete\\b|persistAndFlush|Panache\\.getSession"
            + "|createNativeQuery|createSelectionQuery|createQuery|\\b[A-Z]\\w*\\.getSession\\(|preparedQuery\\(");

    @Test
    void onlyRepositoriesQuery() throws IOException {
        Set<String> querying = new TreeSet<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> !SOURCES.relativize(file).startsWith("repository"))
                    .filter(file -> QUERY.matcher(read(file)).find())
                    .forEach(file -> querying.add(SOURCES.relativize(file).toString().replace('\\', '/')));
        }
        assertEquals(Set.of(), querying, "classes outside repository/ that query");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
