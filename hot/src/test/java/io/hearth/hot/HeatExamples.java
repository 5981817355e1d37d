package io.hearth.hot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Where openstack/heat-templates' examples are, and the environment that lets them plan here. They are the one
 * test input that is not in this repository: CI has them beside it, in {@code ../shared/examples/heat-templates}
 * from its root; the build passes that directory as {@code hearth.examples} ({@code -Dhearth.examples=DIR} points
 * elsewhere), and a test run without it (from an IDE) finds it from the working directory up to the repository's
 * root. Where they are absent, the tests that read them are skipped ({@link #dir()}), saying why; they never fail.
 */
public final class HeatExamples {

    /** The examples' directory (it may be absent: {@link #MISSING} says so). */
    public static final Path DIR = locate();

    /** Why a test that needs the examples is skipped when they are absent. */
    public static final String MISSING = "skipped: openstack/heat-templates' examples are not in " + DIR
            + " (CI has them in ../shared/examples/heat-templates beside the repository; put a clone of "
            + "openstack/heat-templates there or pass -Dhearth.examples=DIR to run this test)";

    /** Stubs out the OpenStack services Hearth does not have. */
    public static final JsonNode ENVIRONMENT = environment();

    private HeatExamples() {
    }

    /** The examples' directory; the calling test is skipped (aborted, with {@link #MISSING}) when it is absent. */
    public static Path dir() {
        Assumptions.assumeTrue(Files.isDirectory(DIR), MISSING);
        return DIR;
    }

    /**
     * One example template, by its path under the examples' directory: the test is skipped when the examples are
     * absent, and fails when they are there but this template is not (the expectation is then out of date).
     */
    public static Path file(String relative) {
        Path file = dir().resolve(relative);
        Assertions.assertTrue(Files.isRegularFile(file), () -> relative + " is not among the examples in " + DIR);
        return file;
    }

    private static Path locate() {
        String given = System.getProperty("hearth.examples");
        if (given != null && !given.isBlank()) {
            return Path.of(given).toAbsolutePath().normalize();
        }
        Path here = Path.of("").toAbsolutePath();
        Path root = here;
        while (root != null && !Files.isRegularFile(root.resolve("mvnw"))) {
            root = root.getParent();
        }
        return (root == null ? here : root).resolve("../shared/examples/heat-templates").normalize();
    }

    private static JsonNode environment() {
        try {
            return new YAMLMapper().readTree("""
                    resource_registry:
                      "OS::Neutron::*": "OS::Heat::None"
                      "OS::Cinder::*": "OS::Heat::None"
                      "OS::Nova::KeyPair": "OS::Heat::None"
                      "OS::Nova::Flavor": "OS::Heat::None"
                      "OS::Glance::*": "OS::Heat::None"
                      "OS::Aodh::*": "OS::Heat::None"
                      "OS::Octavia::*": "OS::Heat::None"
                    """);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
