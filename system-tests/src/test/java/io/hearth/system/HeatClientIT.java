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
 * OpenStack's own Heat client library (Debian's python3-heatclient, installed by
 * {@code deploy/heatclient} where missing) against the running system, unchanged:
 * {@code src/test/python/heatclient_compat.py}.
 */
class HeatClientIT {

    private static final Path PYTHON = Path.of("/usr/bin/python3");

    @BeforeAll
    static void system() {
        LocalSystem.ensureHeatClient();
        LocalSystem.up();
    }

    @Test
    void heatclientCreatesShowsAndDeletesAStack() throws IOException, InterruptedException {
        assertThat(PYTHON).as("Debian's python3 (apt-get install python3-heatclient)").exists();
        Path script = Path.of("src/test/python/heatclient_compat.py").toAbsolutePath();
        Process process = new ProcessBuilder(PYTHON.toString(), script.toString(),
                LocalSystem.publicApi() + "/v1/demo", "hearth-dev-token")
                .redirectErrorStream(true).start();
        boolean finished = process.waitFor(10, TimeUnit.MINUTES);
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!finished) {
            process.destroyForcibly();
        }
        Files.writeString(Path.of("target/heatclient-compat.log"), output);
        System.out.println(output);
        assertThat(finished).as("heatclient script finished").isTrue();
        assertThat(process.exitValue()).as("heatclient script exit code; output:%n%s", output).isZero();
        assertThat(output).contains("heatclient compatibility: all steps passed");
    }
}
