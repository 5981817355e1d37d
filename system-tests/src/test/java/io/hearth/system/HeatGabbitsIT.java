package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Heat's own API tests, the gabbits of heat-tempest-plugin ({@code src/test/resources/heat-gabbits}, unchanged),
 * run by Debian's python3-gabbi against the running system: stacks, resources (mark-unhealthy seen by the next
 * resource show), environments, resource types, templates and software configs, with Heat's status codes and
 * bodies.
 */
class HeatGabbitsIT {

    private static final Path PYTHON = Path.of("/usr/bin/python3");
    private static final Path LOG = Path.of("target/heat-gabbits.log");

    @BeforeAll
    static void system() {
        LocalSystem.ensureHeatClient();
        LocalSystem.up();
    }

    @Test
    void heatApiGabbitsPass() throws IOException, InterruptedException {
        Path script = Path.of("src/test/python/heat_gabbits.py").toAbsolutePath();
        Path gabbits = Path.of("src/test/resources/heat-gabbits").toAbsolutePath();
        Process process = new ProcessBuilder(PYTHON.toString(), script.toString(), gabbits.toString(),
                LocalSystem.publicApi() + "/v1/demo", "hearth-dev-token")
                .redirectErrorStream(true).redirectOutput(LOG.toFile()).start();
        boolean finished = process.waitFor(5, TimeUnit.MINUTES);
        if (!finished) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(LOG, StandardCharsets.UTF_8);
        assertThat(finished).as("gabbi finished").isTrue();
        assertThat(output).as("gabbi's results:%n%s", output).contains("heat gabbits: 47 passed, 0 failed");
        assertThat(process.exitValue()).isZero();
    }
}
