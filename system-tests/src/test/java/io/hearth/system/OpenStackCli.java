package io.hearth.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Debian's {@code openstack} CLI (python3-openstackclient with python3-heatclient) as a Heat user runs it against
 * the local system started with {@code HEARTH_AUTH=keystone}: {@code OS_CLIENT_CONFIG_FILE} is the
 * {@code clouds.yaml} that {@code deploy/up} writes, and each call names one of its clouds ({@link #DEMO},
 * {@link #OTHER}, {@link #READER}, {@link #ADMIN}).
 */
final class OpenStackCli {

    static final String ADMIN = "hearth-admin";
    static final String DEMO = "hearth-demo";
    static final String OTHER = "hearth-other";
    static final String READER = "hearth-reader";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 180;

    /** What a command did: its exit status and output. */
    record Result(int exitCode, String stdout, String stderr) {

        /** Standard output and error together, for assertions on a refusal's message. */
        String output() {
            return stdout + stderr;
        }
    }

    private OpenStackCli() {
    }

    /** Runs {@code openstack --os-cloud <cloud> <arguments...>} and returns what it did, whatever its status. */
    static Result run(String cloud, String... arguments) {
        List<String> command = new ArrayList<>(List.of("openstack", "--os-cloud", cloud));
        command.addAll(List.of(arguments));
        try {
            Path out = Files.createTempFile("openstack", ".out");
            Path err = Files.createTempFile("openstack", ".err");
            try {
                ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile())
                        .redirectError(err.toFile()).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")));
                builder.environment().put("OS_CLIENT_CONFIG_FILE", cloudsYaml().toString());
                builder.environment().put("PATH", "/usr/bin:/bin:" + System.getenv("PATH"));
                Process process = builder.start();
                if (!process.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " did not end within "
                            + TIMEOUT_SECONDS + " s");
                }
                return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + String.join(" ", command) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + String.join(" ", command), e);
        }
    }

    /** Runs a command that must succeed and returns its standard output. */
    static String ok(String cloud, String... arguments) {
        Result result = run(cloud, arguments);
        if (result.exitCode() != 0) {
            throw new AssertionError("openstack --os-cloud " + cloud + " " + String.join(" ", arguments)
                    + " exited with " + result.exitCode() + ":\n" + result.output());
        }
        return result.stdout();
    }

    /**
     * Runs a command that must succeed with {@code -f json} added and returns its output as JSON (what comes before
     * it, e.g. the events {@code --wait} prints, is skipped).
     */
    static JsonNode json(String cloud, String... arguments) {
        List<String> withFormat = new ArrayList<>(List.of(arguments));
        withFormat.addAll(List.of("-f", "json"));
        String out = ok(cloud, withFormat.toArray(String[]::new));
        java.util.regex.Matcher start = java.util.regex.Pattern.compile("(?m)^[\\[{]").matcher(out);
        try {
            return JSON.readTree(start.find() ? out.substring(start.start()) : out);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + e.getMessage(), e);
        }
    }

    /** A file with this text, for {@code -t}, {@code -e} and the like; deleted when the JVM exits. */
    static Path file(String name, String text) {
        try {
            Path file = Files.createTempFile(name, ".yaml");
            Files.writeString(file, text, StandardCharsets.UTF_8);
            file.toFile().deleteOnExit();
            return file;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The {@code clouds.yaml} {@code deploy/up} writes with {@code HEARTH_AUTH=keystone}. */
    static Path cloudsYaml() {
        return LocalSystem.HOME.resolve("clouds.yaml");
    }
}
