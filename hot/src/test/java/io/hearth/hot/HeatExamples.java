package io.hearth.hot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where openstack/heat-templates' examples are, and the environment that lets them plan here. They stand
 * beside the repository, in {@code ../shared/examples/heat-templates} from its root; the build passes that
 * directory as {@code hearth.examples} ({@code -Dhearth.examples=DIR} points elsewhere), and a test run
 * without it (from an IDE) finds it from the working directory up to the repository's root.
 */
public final class HeatExamples {

    /** The examples' directory (it may be absent: {@link #MISSING} says so). */
    public static final Path DIR = locate();

    /** What a test that needs the examples says when they are absent. */
    public static final String MISSING = "openstack/heat-templates' examples are not in " + DIR
            + ": put them there (../shared/examples/heat-templates from the repository's root) or pass "
            + "-Dhearth.examples=DIR";

    /** Stubs out the OpenStack services Hearth does not have. */
    public static final JsonNode ENVIRONMENT = environment();

    private HeatExamples() {
    }

    /** The examples' directory, or {@link IllegalStateException} with {@link #MISSING} when it is absent. */
    public static Path dir() {
        if (!Files.isDirectory(DIR)) {
            throw new IllegalStateException(MISSING);
        }
        return DIR;
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
