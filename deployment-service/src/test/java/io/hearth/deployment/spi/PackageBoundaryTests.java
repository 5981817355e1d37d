package io.hearth.deployment.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The engine SPI's boundary, read from the sources' import lines: resource handlers (and the groups and the SPI
 * itself) import the SPI and the domain, never the engine; the engine reaches handlers only through the SPI and the
 * handler registry.
 */
class PackageBoundaryTests {

    private static final Path SOURCES = Path.of("src/main/java/io/hearth/deployment");
    private static final String BASE = "io.hearth.deployment.";

    @Test
    void handlersGroupsAndSpiImportNoEngineInternals() {
        for (String pkg : List.of("handlers", "groups", "spi", "domain")) {
            assertEquals(List.of(), imports(pkg, line -> line.startsWith(BASE + "engine.")), pkg + " imports engine");
        }
    }

    @Test
    void spiAndDomainImportNoHandlers() {
        for (String pkg : List.of("spi", "domain")) {
            assertEquals(List.of(), imports(pkg, line -> line.startsWith(BASE + "handlers.")), pkg + " imports handlers");
        }
    }

    @Test
    void engineReachesHandlersOnlyThroughTheRegistry() {
        assertEquals(List.of(), imports("engine", line -> line.startsWith(BASE + "handlers.")
                && !line.equals(BASE + "handlers.ResourceHandlers")), "engine imports handlers");
    }

    /** The imports of the package's sources that match, as {@code File: imported}. */
    private static List<String> imports(String pkg, Predicate<String> matching) {
        try (Stream<Path> files = Files.walk(SOURCES.resolve(pkg))) {
            return files.filter(file -> file.toString().endsWith(".java")).flatMap(file -> lines(file).stream()
                    .filter(line -> line.startsWith("import "))
                    .map(line -> line.substring("import ".length(), line.length() - 1).replaceFirst("^static ", ""))
                    .filter(matching).map(imported -> file.getFileName() + ": " + imported)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
