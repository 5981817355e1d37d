package io.hearth.system;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Debian's {@code openstack} CLI (python3-openstackclient with heatclient's {@code stack} commands), unchanged,
 * against the local system's public API: {@code --os-auth-type admin_token} with the development token, the
 * endpoint the tenant's Heat URL ({@code http://127.0.0.1:8004/v1/demo}).
 */
final class OpenStackCli {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofMinutes(2);

    /** How a command ended. */
    record Result(int exitCode, String stdout, String stderr) {
    }

    private final List<String> auth;

    private OpenStackCli(List<String> auth) {
        this.auth = List.copyOf(auth);
    }

    /** The CLI with the development token for tenant {@code demo}. */
    static OpenStackCli devToken() {
        return new OpenStackCli(List.of("--os-auth-type", "admin_token", "--os-endpoint",
                LocalSystem.publicApi() + "/v1/demo", "--os-token", "hearth-dev-token"));
    }

    /** Runs {@code openstack ARGS} to its end. */
    Result run(String... args) {
        Process process = start(args);
        try {
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(process.getErrorStream()));
            String out = read(process.getInputStream());
            if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException("openstack " + String.join(" ", args) + " did not end in " + TIMEOUT);
            }
            return new Result(process.exitValue(), out, err.join());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running openstack", e);
        }
    }

    /** Runs a command that must succeed; its standard output. */
    String ok(String... args) {
        Result result = run(args);
        if (result.exitCode() != 0) {
            throw new IllegalStateException("openstack " + String.join(" ", args) + " exited with "
                    + result.exitCode() + ": " + result.stderr());
        }
        return result.stdout();
    }

    /** Runs a command that must succeed with {@code -f json}; its output parsed. */
    JsonNode json(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("-f", "json"));
        try {
            return JSON.readTree(ok(all.toArray(String[]::new)));
        } catch (IOException e) {
            throw new IllegalStateException("openstack " + String.join(" ", args) + " printed no JSON", e);
        }
    }

    /**
     * Runs a command that does not end by itself ({@code stack event list --follow}) until a line of its output
     * matches {@code until}, then stops it; the lines read.
     */
    List<String> follow(Predicate<String> until, Duration timeout, String... args) {
        Process process = start(args);
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
                throw new IllegalStateException("openstack " + String.join(" ", args) + " ended without the line; "
                        + "printed: " + lines);
            }
        } catch (Exception e) {
            throw new IllegalStateException("openstack " + String.join(" ", args) + " did not print the line in "
                    + timeout + "; printed: " + lines, e);
        } finally {
            process.destroy();
        }
        synchronized (lines) {
            return List.copyOf(lines);
        }
    }

    private Process start(String... args) {
        List<String> command = new ArrayList<>(List.of("openstack"));
        command.addAll(auth);
        command.addAll(List.of(args));
        try {
            return new ProcessBuilder(command).directory(LocalSystem.ROOT.toFile()).start();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run openstack (Debian's python3-openstackclient): "
                    + e.getMessage(), e);
        }
    }

    private static String read(java.io.InputStream stream) {
        try {
            return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
