package io.hearth.system;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * The whole system on this machine, through the project's own scripts in {@code deploy/}.
 * Started once per test JVM; stopped at the end only if it was not running before, so a
 * developer's running system is reused and left running.
 */
final class LocalSystem {

    /** The repository the system runs from. */
    static final Path ROOT = Path.of(System.getProperty("hearth.repo", "..")).toAbsolutePath().normalize();
    private static final Path LOG = ROOT.resolve("system-tests/target/deploy.log");
    private static boolean started;

    private LocalSystem() {
    }

    /** Brings everything up (idempotent) and returns once every service is ready. */
    static synchronized void up() {
        if (started) {
            return;
        }
        boolean wasRunning = run("status") == 0;
        int up = run("up");
        if (up != 0) {
            throw new IllegalStateException("deploy/up failed with exit code " + up + "; see " + LOG);
        }
        started = true;
        if (!wasRunning) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> run("down"), "deploy-down"));
        }
    }

    /** Installs Debian's python3-heatclient where it is missing ({@code deploy/heatclient}). */
    static void ensureHeatClient() {
        int code = run("heatclient");
        if (code != 0) {
            throw new IllegalStateException("deploy/heatclient failed with exit code " + code + "; see " + LOG);
        }
    }

    /** The public API's base URL. */
    static String publicApi() {
        return "http://127.0.0.1:8004";
    }

    private static int run(String script) {
        try {
            Files.createDirectories(LOG.getParent());
            Process process = new ProcessBuilder(ROOT.resolve("deploy").resolve(script).toString())
                    .directory(ROOT.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(new File(LOG.toString())))
                    .start();
            if (!process.waitFor(15, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("deploy/" + script + " did not finish in 15 minutes; see " + LOG);
            }
            return process.exitValue();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run deploy/" + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running deploy/" + script, e);
        }
    }
}
