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
 * Debian's {@code openstack} CLI (python3-openstackclient with heatclient's plugin), unchanged, against the running
 * system: each call runs it once with the connection options this instance was made with and gives its exit code
 * and output.
 */
final class OpenstackCli {

    private static final Path OPENSTACK = Path.of("/usr/bin/openstack");
    private static final ObjectMapper JSON = new ObjectMapper();

    /** One run: its exit code and what it printed (standard output and error together). */
    record Run(List<String> command, int exitCode, String output) {

        /** The output when the command succeeded; fails naming the command and its output otherwise. */
        String ok() {
            if (exitCode != 0) {
                throw new AssertionError("openstack " + String.join(" ", command) + " exited " + exitCode + ":\n"
                        + output);
            }
            return output;
        }

        /** The output of a successful {@code -f json} command, read. */
        JsonNode json() {
            try {
                return JSON.readTree(ok());
            } catch (IOException e) {
                throw new AssertionError("not JSON from openstack " + String.join(" ", command) + ":\n" + output, e);
            }
        }
    }

    private final List<String> connection;

    private OpenstackCli(List<String> connection) {
        this.connection = connection;
    }

    /** The CLI with a static token ({@code admin_token} auth) on the tenant's endpoint. */
    static OpenstackCli adminToken(String endpoint, String token) {
        return new OpenstackCli(List.of("--os-auth-type", "admin_token", "--os-endpoint", endpoint,
                "--os-token", token));
    }

    static boolean installed() {
        return OPENSTACK.toFile().canExecute();
    }

    /** Runs {@code openstack <arguments>} and waits for it (at most ten minutes). */
    Run run(String... arguments) {
        List<String> command = new ArrayList<>();
        command.add(OPENSTACK.toString());
        command.addAll(connection);
        command.addAll(List.of(arguments));
        try {
            // The output goes to a file: a pipe would stop the CLI once its buffer is full (a snapshot is large).
            Path log = Files.createTempFile("openstack-cli", ".log");
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(log.toFile()).start();
                process.getOutputStream().close();
                boolean finished = process.waitFor(10, TimeUnit.MINUTES);
                if (!finished) {
                    process.destroyForcibly().waitFor();
                }
                return new Run(List.of(arguments), finished ? process.exitValue() : -1,
                        Files.readString(log, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(log);
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + OPENSTACK, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** {@code openstack <arguments> -f json}, read. */
    JsonNode json(String... arguments) {
        List<String> all = new ArrayList<>(List.of(arguments));
        all.addAll(List.of("-f", "json"));
        return run(all.toArray(String[]::new)).json();
    }
}
