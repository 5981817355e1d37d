package io.hearth.agent.run;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.agent.Log;
import io.hearth.agent.hook.Item;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Sends a running hook's progress: each complete line the hook appends to its progress file ({@code progress} in the
 * run's folder, named by {@code HEARTH_PROGRESS_FILE}) becomes one progress report on the deployment's signal URL,
 * {@code {"deploy_status": "IN_PROGRESS", "deploy_status_reason": MESSAGE, "deploy_progress": PERCENT}}. A line is
 * {@code [PERCENT[%]] MESSAGE}: a leading whole number from 0 to 100 is the percentage, the rest the message. A report
 * is tried once (progress is advice: a lost one is superseded by the next, and the hook never waits for it). Lines
 * already in the file when the agent resumes a run after a restart are not sent again.
 */
final class ProgressReporter {

    /** The progress file's name in the run's folder. */
    static final String FILE = "progress";

    private static final Pattern LINE = Pattern.compile("\\s*(?:(\\d{1,3})%?(?:\\s+|$))?(.*)");
    private static final int MAX_LINE = 4096;

    private final Path file;
    private final Item item;
    private final SignalClient signals;
    private final String who;
    private long offset;

    /**
     * A reporter for the run of {@code item} in {@code runDir}; {@code resumed}: the agent restarted during the run,
     * so what the file holds already is old.
     */
    ProgressReporter(Path runDir, Item item, SignalClient signals, String who, boolean resumed) {
        this.file = runDir.resolve(FILE);
        this.item = item;
        this.signals = signals;
        this.who = who;
        this.offset = resumed ? size(file) : 0;
    }

    /** Sends a report for each complete line appended since the last call. */
    void sendNew() throws InterruptedException {
        if (!Files.exists(file)) {
            return;
        }
        String text;
        try (RandomAccessFile in = new RandomAccessFile(file.toFile(), "r")) {
            long length = in.length();
            if (length <= offset) {
                return;
            }
            byte[] bytes = new byte[(int) Math.min(length - offset, 1 << 20)];
            in.seek(offset);
            in.readFully(bytes);
            text = new String(bytes, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return; // tried again at the next call
        }
        int end = text.lastIndexOf('\n');
        if (end < 0) {
            return; // no complete line yet
        }
        offset += text.substring(0, end + 1).getBytes(StandardCharsets.UTF_8).length;
        for (String line : text.substring(0, end).split("\n")) {
            if (!line.isBlank()) {
                send(line);
            }
        }
    }

    /** The report a line makes. */
    static ObjectNode report(String line) {
        Matcher m = LINE.matcher(line.length() > MAX_LINE ? line.substring(0, MAX_LINE) : line);
        m.matches();
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.put("deploy_status", "IN_PROGRESS");
        Integer percent = m.group(1) == null ? null : Integer.valueOf(m.group(1));
        String message = m.group(2).strip();
        if (percent != null && percent > 100) {
            percent = null;
            message = line.strip();
        }
        if (!message.isEmpty()) {
            body.put("deploy_status_reason", message);
        }
        if (percent != null) {
            body.put("deploy_progress", percent);
        }
        return body;
    }

    private void send(String line) throws InterruptedException {
        URI url = SignalClient.runUrl(item, item.key());
        if (url == null) {
            return; // NO_SIGNAL: nobody to tell
        }
        try {
            SignalClient.Answer answer = signals.tryOnce(url, HearthJson.mapper().writeValueAsBytes(report(line)));
            if (!answer.accepted()) {
                Log.warn(who, "progress of " + item.key() + " not accepted: HTTP " + answer.status());
            }
        } catch (IOException e) {
            Log.warn(who, "progress of " + item.key() + " not sent: " + e.getMessage());
        }
    }

    private static long size(Path file) {
        try {
            return Files.exists(file) ? Files.size(file) : 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
