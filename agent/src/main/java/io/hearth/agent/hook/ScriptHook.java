package io.hearth.agent.hook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;

/**
 * The built-in {@code script} hook (also {@code Heat::Ungrouped}), as heat-config's script hook: the config
 * is written to an executable file in the deployment's working folder and run there, inputs are environment
 * variables (non-string values as JSON), {@code heat_outputs_path} is {@code <workdir>/outputs}, so output
 * X is read from the file {@code ${heat_outputs_path}.X}; stdout, stderr and the exit code are the result. A JSON
 * object in {@code ${heat_outputs_path}.facts} is sent as the output {@value #FACTS} (Hearth's stack facts).
 */
public final class ScriptHook {

    /** The file the config is written to, in the working folder. */
    public static final String SCRIPT_FILE = ".hearth-script";
    /** The value of {@code heat_outputs_path}, relative to the working folder. */
    public static final String OUTPUTS = "outputs";
    /** The output that carries the hook's stack facts, read from {@code ${heat_outputs_path}.facts}. */
    public static final String FACTS = "facts";

    private ScriptHook() {
    }

    /** Writes the config as an executable file and removes output files of an earlier run; returns the file. */
    public static Path prepare(Item item, Path workDir) throws IOException {
        Files.createDirectories(workDir);
        try (DirectoryStream<Path> old = Files.newDirectoryStream(workDir, OUTPUTS + ".*")) {
            for (Path file : old) {
                Files.deleteIfExists(file);
            }
        }
        JsonNode config = item.json().path("config");
        String text = config.isTextual() ? config.asText() : config.isMissingNode() || config.isNull() ? ""
                : config.toString();
        Path script = workDir.resolve(SCRIPT_FILE);
        Path temp = workDir.resolve(SCRIPT_FILE + ".tmp");
        Files.writeString(temp, text, StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(temp, PosixFilePermissions.fromString("rwx------"));
        Files.move(temp, script, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        return script;
    }

    /** The script's environment: {@code base}, then each input as a variable, then heat_outputs_path. */
    public static Map<String, String> environment(Item item, Path workDir, Map<String, String> base) {
        Map<String, String> env = new HashMap<>(base);
        for (JsonNode input : item.inputs()) {
            String name = input.path("name").asText("");
            JsonNode value = input.get("value");
            String text = value == null || value.isNull() ? "" : value.isTextual() ? value.asText() : value.toString();
            if (!name.isEmpty() && name.indexOf('=') < 0 && name.indexOf('\0') < 0 && text.indexOf('\0') < 0) {
                env.put(name, text);
            }
        }
        env.put("heat_outputs_path", workDir.resolve(OUTPUTS).toAbsolutePath().toString());
        return env;
    }

    /**
     * The signal body of a finished run: stdout, stderr (capped), the exit code, each declared output's file found,
     * and the stack facts of {@code ${heat_outputs_path}.facts} ({@link #facts}).
     */
    public static ObjectNode collect(Item item, Path workDir, Path runDir, int exitCode) throws IOException {
        ObjectNode body = HookResults.of("", "", exitCode);
        body.put("deploy_stdout", Tail.of(runDir.resolve(HookLauncher.STDOUT), Tail.MAX_BYTES));
        body.put("deploy_stderr", Tail.of(runDir.resolve(HookLauncher.STDERR), Tail.MAX_BYTES));
        for (String output : item.outputNames()) {
            Path file = workDir.resolve(OUTPUTS + "." + output);
            if (!output.contains("/") && Files.isRegularFile(file)) {
                body.put(output, new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
            }
        }
        facts(item, workDir.resolve(OUTPUTS + "." + FACTS), body);
        return body;
    }

    /**
     * The hook's stack facts: a JSON object in {@code ${heat_outputs_path}.facts} is sent as the output
     * {@value #FACTS}, the object itself (a declared output of that name gets it too). A file that is no JSON object
     * is not sent (but as the text of a declared output named {@value #FACTS}, as Heat would) and a line at the end of
     * {@code deploy_stderr} says why; the run's status stays the hook's.
     */
    static void facts(Item item, Path file, ObjectNode body) throws IOException {
        if (!Files.isRegularFile(file)) {
            return;
        }
        String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
        JsonNode facts;
        try {
            facts = text.isBlank() ? null : HearthJson.mapper().readTree(text);
        } catch (JsonProcessingException e) {
            facts = null;
        }
        if (facts != null && facts.isObject()) {
            body.set(FACTS, facts);
        } else if (!item.outputNames().contains(FACTS)) {
            String stderr = body.path("deploy_stderr").asText("");
            body.put("deploy_stderr", Tail.of(stderr + (stderr.isEmpty() || stderr.endsWith("\n") ? "" : "\n")
                    + "hearth-agent: ${heat_outputs_path}." + FACTS + " is " + (facts == null ? "not JSON" : "JSON but"
                    + " not an object") + "; stack facts must be a JSON object, none were sent\n", Tail.MAX_BYTES));
        }
    }
}
