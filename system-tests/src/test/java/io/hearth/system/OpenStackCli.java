package io.hearth.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Debian's {@code openstack} CLI (python3-openstackclient with heatclient's commands), unchanged, as a Heat user
 * runs it against the local system: either as a cloud of the {@code clouds.yaml} that {@code deploy/up} writes with
 * {@code HEARTH_AUTH=keystone} ({@link #DEMO}, {@link #OTHER}, {@link #READER}, {@link #ADMIN}), or with the
 * development token on the tenant's endpoint ({@link #devToken()}).
 */
final class OpenStackCli {

    static final OpenStackCli ADMIN = cloud("hearth-admin");
    static final OpenStackCli DEMO = cloud("hearth-demo");
    static final OpenStackCli OTHER = cloud("hearth-other");
    static final OpenStackCli READER = cloud("hearth-reader");

    private static final Path OPENSTACK = Path.of("/usr/bin/openstack");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofMinutes(5);
    private static final Pattern JSON_START = Pattern.compile("(?m)^[\\[{]");

    /** How a command ended: its exit code and what it printed. */
    record Result(List<String> arguments, int exitCode, String stdout, String stderr) {

        /** Standard output and error together, for assertions on a refusal's message. */
        String output() {
            return stdout + stderr;
        }
    }

    private final List<String> connection;

    private OpenStackCli(List<String> connection) {
        this.connection = List.copyOf(connection);
    }

    /** The CLI as a cloud of {@code $HEARTH_HOME/clouds.yaml} (users, projects and roles in the local Keystone). */
    static OpenStackCli cloud(String name) {
        return new OpenStackCli(List.of("--os-cloud", name));
    }

    /** The CLI with the development token ({@code admin_token} auth) on tenant {@code demo}'s endpoint. */
    static OpenStackCli devToken() {
        return new OpenStackCli(List.of("--os-auth-type", "admin_token", "--os-endpoint",
                LocalSystem.publicApi() + "/v1/demo", "--os-token", "hearth-dev-token"));
    }

    static boolean installed() {
        return OPENSTACK.toFile().canExecute();
    }

    /** Runs {@code openstack <arguments>} to its end (at most five minutes), whatever its exit code. */
    Result run(String... arguments) {
        try {
            // Files, not pipes: a pipe stops the CLI once its buffer is full (a snapshot's output is large).
            Path out = Files.createTempFile("openstack", ".out");
            Path err = Files.createTempFile("openstack", ".err");
            try {
                Process process = builder(arguments).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor();
                    throw new IllegalStateException(describe(arguments) + " did not end within " + TIMEOUT);
                }
                return new Result(List.of(arguments), process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                        Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + describe(arguments) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + describe(arguments), e);
        }
    }

    /** Runs a command that must succeed; its standard output. */
    String ok(String... arguments) {
        Result result = run(arguments);
        if (result.exitCode() != 0) {
            throw new AssertionError(describe(arguments) + " exited with " + result.exitCode() + ":\n" + result.output());
        }
        return result.stdout();
    }

    /**
     * Runs a command that must succeed with {@code -f json} added; its output read as JSON (what comes before it,
     * e.g. the events {@code --wait} prints, is skipped).
     */
    JsonNode json(String... arguments) {
        List<String> withFormat = new ArrayList<>(List.of(arguments));
        withFormat.addAll(List.of("-f", "json"));
        String out = ok(withFormat.toArray(String[]::new));
        Matcher start = JSON_START.matcher(out);
        try {
            return JSON.readTree(start.find() ? out.substring(start.start()) : out);
        } catch (IOException e) {
            throw new AssertionError(describe(arguments) + " printed no JSON:\n" + out, e);
        }
    }

    /**
     * Runs a command that does not end by itself ({@code stack event list --follow}) until a line of its output
     * matches {@code until}, then stops it; the lines read.
     */
    List<String> follow(Predicate<String> until, Duration timeout, String... arguments) {
        Process process;
        try {
            process = builder(arguments).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + describe(arguments) + ": " + e.getMessage(), e);
        }
        List<String> lines = new ArrayList<>();
        CompletableFuture<Boolean> seen = CompletableFuture.supplyAsync(() -> {
            try (BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                    synchronized (lines) {
                        lines.add(line);
                    }
                    if (until.test(line)) {
                        return true;
                    }
                }
                return false;
            } catch (IOException e) {
                return false;
            }
        });
        try {
            if (!seen.get(timeout.toSeconds(), TimeUnit.SECONDS)) {
                throw new AssertionError(describe(arguments) + " ended without the line; printed: " + lines);
            }
        } catch (Exception e) {
            throw new AssertionError(describe(arguments) + " did not print the line in " + timeout + "; printed: "
                    + lines, e);
        } finally {
            process.destroy();
        }
        synchronized (lines) {
            return List.copyOf(lines);
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

    private ProcessBuilder builder(String... arguments) {
        List<String> command = new ArrayList<>(List.of(OPENSTACK.toString()));
        command.addAll(connection);
        command.addAll(List.of(arguments));
        ProcessBuilder builder = new ProcessBuilder(command).directory(LocalSystem.ROOT.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        builder.environment().put("OS_CLIENT_CONFIG_FILE", LocalSystem.HOME.resolve("clouds.yaml").toString());
        return builder;
    }

    private String describe(String... arguments) {
        return "openstack " + String.join(" ", connection) + " " + String.join(" ", arguments);
    }
}
