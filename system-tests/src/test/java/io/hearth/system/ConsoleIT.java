package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The console's browser tests ({@code console/e2e/*.test.mjs}, docs/console.md) in Debian's Chromium, driven by
 * playwright-core from the console module's {@code node_modules}, against the whole system: a stack created through
 * the console, a scale-out of deploy/examples/cluster followed live, a failed deployment's stderr, an update's diff
 * before it runs, and another tenant's stack URL. template-service is restarted with a second tenant's token (tenant
 * {@code console-other}) for the last one. The tests' screenshots go to {@code target/console-screenshots}.
 */
@Order(2) // the failing deployment and the cluster's members run on the local compute driver, which later classes stop
class ConsoleIT {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final String OTHER_TOKEN = "hearth-console-other-token";
    private static final Path SCREENSHOTS = LocalSystem.ROOT.resolve("system-tests/target/console-screenshots");
    private static final Path LOG = LocalSystem.ROOT.resolve("system-tests/target/console-e2e.log");

    @BeforeAll
    static void system() throws IOException, InterruptedException {
        if (!Files.isExecutable(CHROMIUM)) { // installed as deploy/up installs Keystone: Debian's package, apt-get
            Process install = new ProcessBuilder("bash", "-c", "set -euo pipefail; . deploy/lib.sh; chromium_install")
                    .directory(LocalSystem.ROOT.toFile()).inheritIO().start();
            install.waitFor(10, TimeUnit.MINUTES);
        }
        assertThat(CHROMIUM).as("Debian's Chromium for the console's browser tests: run `bash -c '. deploy/lib.sh;"
                + " chromium_install'` (apt-get install chromium)").exists();
        assertThat(LocalSystem.ROOT.resolve("console/node_modules/playwright-core")).as("playwright-core in"
                + " console/node_modules: build the console module first (./mvnw -pl console -am package runs npm ci)")
                .exists();
        LocalSystem.up();
        LocalSystem.restartWith("template-service", "HEARTH_AUTH_TOKENS",
                "hearth-dev-token:demo," + OTHER_TOKEN + ":console-other");
    }

    @AfterAll
    static void defaultTokens() {
        LocalSystem.restartWith("template-service", "HEARTH_AUTH_TOKENS", null);
    }

    @Test
    void theBrowserTestsPassInChromium() throws IOException, InterruptedException {
        Files.createDirectories(SCREENSHOTS);
        ProcessBuilder builder = new ProcessBuilder(List.of("node", "--test", "--test-concurrency=1",
                "--test-reporter=spec", "console/e2e/"))
                .directory(LocalSystem.ROOT.toFile()).redirectErrorStream(true);
        builder.environment().putAll(Map.of(
                "HEARTH_CONSOLE_URL", LocalSystem.publicApi(),
                "HEARTH_TOKEN", "hearth-dev-token",
                "HEARTH_OTHER_TOKEN", OTHER_TOKEN,
                "HEARTH_CONSOLE_SCREENSHOTS", SCREENSHOTS.toString(),
                "NO_COLOR", "1"));
        Process process = builder.start();
        StringBuilder output = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    System.out.println("[console-e2e] " + line);
                    synchronized (output) {
                        output.append(line).append('\n');
                    }
                }
            } catch (IOException e) {
                System.out.println("[console-e2e] output ended: " + e);
            }
        }, "console-e2e-output");
        reader.start();
        boolean finished = process.waitFor(12, TimeUnit.MINUTES);
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        reader.join(TimeUnit.SECONDS.toMillis(10));
        String text;
        synchronized (output) {
            text = output.toString();
        }
        Files.writeString(LOG, text);
        assertThat(finished).as("the browser tests still ran after 12 minutes:\n%s", text).isTrue();
        assertThat(process.exitValue()).as("node --test console/e2e/ (log: %s):\n%s", LOG, text).isZero();
    }
}
