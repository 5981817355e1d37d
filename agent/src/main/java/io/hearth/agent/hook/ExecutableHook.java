package io.hearth.agent.hook;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A heat-config hook from a hooks folder: it got the item JSON on stdin and must write one JSON object on
 * stdout ({@code deploy_stdout}, {@code deploy_stderr}, {@code deploy_status_code}, outputs). Anything else
 * is a FAILED run that says why.
 */
public final class ExecutableHook {

    /** Larger stdout is not parsed (the gateway would refuse such a signal anyway). */
    static final long MAX_PARSED_BYTES = 32L * 1024 * 1024;

    private ExecutableHook() {
    }

    /** The signal body of a finished run of hook {@code hook}. */
    public static ObjectNode collect(String hook, Path runDir, int exitCode) throws IOException {
        Path stdoutFile = runDir.resolve(HookLauncher.STDOUT);
        String stderr = Tail.of(runDir.resolve(HookLauncher.STDERR), Tail.MAX_BYTES);
        long size = Files.isRegularFile(stdoutFile) ? Files.size(stdoutFile) : 0;
        if (size > MAX_PARSED_BYTES) {
            return HookResults.failed("hook " + hook + " wrote " + size + " bytes on stdout, more than the "
                    + MAX_PARSED_BYTES + " read as its JSON result (exit code " + exitCode + ")",
                    Tail.of(stdoutFile, Tail.MAX_BYTES), stderr, exitCode);
        }
        String stdout = size == 0 ? "" : new String(Files.readAllBytes(stdoutFile), StandardCharsets.UTF_8);
        JsonNode parsed;
        try {
            parsed = stdout.isBlank() ? null : HearthJson.mapper().readTree(stdout);
        } catch (JsonProcessingException e) {
            parsed = null;
        }
        if (!(parsed instanceof ObjectNode body)) {
            return HookResults.failed("hook " + hook + " did not write a JSON object on stdout (exit code "
                    + exitCode + "); its stdout is in deploy_stdout", stdout, stderr, exitCode);
        }
        if (!body.has("deploy_status_code")) {
            body.put("deploy_status_code", exitCode);
        }
        body.put("deploy_stdout", Tail.of(body.path("deploy_stdout").asText(""), Tail.MAX_BYTES));
        body.put("deploy_stderr", Tail.of(body.has("deploy_stderr") ? body.path("deploy_stderr").asText("")
                : stderr, Tail.MAX_BYTES));
        return body;
    }
}
