package io.hearth.agent.hook;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Whether a hook's wrapper still runs, and how to stop a hook with everything it started in its session. */
public final class ProcessProbe {

    private ProcessProbe() {
    }

    /**
     * True when process {@code pid} runs, is not a zombie, and its command line names {@code marker} (so a
     * pid reused by another process after a crash does not count).
     */
    public static boolean alive(long pid, String marker) {
        Path proc = Path.of("/proc", Long.toString(pid));
        if (!Files.isDirectory(Path.of("/proc/self"))) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
        try {
            String stat = Files.readString(proc.resolve("stat"), StandardCharsets.ISO_8859_1);
            int close = stat.lastIndexOf(')');
            if (close < 0 || close + 2 >= stat.length() || stat.charAt(close + 2) == 'Z') {
                return false;
            }
            String cmdline = new String(Files.readAllBytes(proc.resolve("cmdline")), StandardCharsets.UTF_8);
            return cmdline.contains(marker);
        } catch (IOException e) {
            return false; // gone
        }
    }

    /** Sends SIGTERM to the process group {@code pid}, then SIGKILL to what is left after {@code graceSeconds}. */
    public static void killGroup(long pid, String marker, int graceSeconds) throws InterruptedException {
        if (!alive(pid, marker)) {
            return;
        }
        signalGroup("TERM", pid);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(graceSeconds);
        while (alive(pid, marker) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        signalGroup("KILL", pid);
    }

    private static void signalGroup(String signal, long pid) throws InterruptedException {
        try {
            new ProcessBuilder("kill", "-" + signal, "--", "-" + pid).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(10, TimeUnit.SECONDS);
        } catch (IOException e) {
            ProcessHandle.of(pid).ifPresent(p -> {
                p.descendants().forEach(ProcessHandle::destroyForcibly);
                p.destroyForcibly();
            });
        }
    }
}
