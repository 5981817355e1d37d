package io.hearth.agent.run;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.agent.hook.ExecutableHook;
import io.hearth.agent.hook.HookLauncher;
import io.hearth.agent.hook.HookResults;
import io.hearth.agent.hook.Hooks;
import io.hearth.agent.hook.Item;
import io.hearth.agent.hook.ProcessProbe;
import io.hearth.agent.hook.ScriptHook;
import io.hearth.agent.journal.Journal;
import io.hearth.agent.journal.JournalEntry;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Waits for a launched hook and reads its result, also for a hook launched before the agent restarted: an
 * {@code exit} file is the result; no exit file and another boot id means the instance rebooted mid-hook;
 * the same boot and no live wrapper process means the hook is gone. Either is a FAILED result, never a re-run.
 */
final class HookWatcher {

    /** How long a claimed launch may take to write its pid file. */
    private static final long PID_GRACE_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** The first line of a cancelled run's {@code deploy_stderr}. */
    static final String CANCELLED = "cancelled through the API";

    private final ServerContext server;
    private final Journal journal;

    HookWatcher(ServerContext server, Journal journal) {
        this.server = server;
        this.journal = journal;
    }

    /**
     * True when the entry's launch never ran its hook and never will: no exit file and the agent could claim
     * the launch token itself (the wrapper claims it before anything else).
     */
    boolean neverLaunched(JournalEntry entry) throws IOException {
        Path dir = journal.entryDir(entry.key());
        if (Files.exists(dir.resolve(HookLauncher.EXIT))) {
            return false;
        }
        try {
            Files.createDirectory(dir.resolve("launch-" + entry.launch()));
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    /**
     * The result of the entry's hook, once it ended.
     *
     * @param launched the wrapper process when this agent launched it, null after a restart
     * @param watch    the run's progress and cancel watch: a cancelled run's process group is stopped (SIGTERM,
     *                 SIGKILL after 10 s) and its result is FAILED, "cancelled"
     */
    ObjectNode await(JournalEntry entry, Item item, Process launched, RunWatch watch)
            throws IOException, InterruptedException {
        Path dir = journal.entryDir(entry.key());
        Path exit = dir.resolve(HookLauncher.EXIT);
        if (!Files.exists(exit) && !server.bootId().equals(entry.bootId())) {
            return HookResults.failed("the instance rebooted while the hook ran (boot id " + entry.bootId()
                    + " then " + server.bootId() + "); it was not run again", tail(dir, HookLauncher.STDOUT),
                    tail(dir, HookLauncher.STDERR), 1);
        }
        String marker = dir.toString();
        long pidDeadline = System.nanoTime() + PID_GRACE_NANOS;
        while (!Files.exists(exit)) {
            watch.tick();
            Long pid = readPid(dir);
            if (watch.cancelled() && pid != null) { // without its pid yet, the wrapper may still start the hook
                ProcessProbe.killGroup(pid, marker, 10);
                return HookResults.failed(CANCELLED + " (its processes were stopped)",
                        tail(dir, HookLauncher.STDOUT), tail(dir, HookLauncher.STDERR), 1);
            }
            boolean gone = pid != null ? !ProcessProbe.alive(pid, marker)
                    : launched != null ? !launched.isAlive() : System.nanoTime() > pidDeadline;
            if (gone && !Files.exists(exit)) {
                return HookResults.failed("the hook's process (pid " + pid + ") ended without an exit status"
                        + " (killed, or the agent's host stopped it); it was not run again",
                        tail(dir, HookLauncher.STDOUT), tail(dir, HookLauncher.STDERR), 1);
            }
            Thread.sleep(200);
        }
        watch.tick();
        return collect(entry, item, dir, readExit(exit));
    }

    private ObjectNode collect(JournalEntry entry, Item item, Path dir, int exitCode) throws IOException {
        if (Hooks.SCRIPT.equals(entry.hook())) {
            return ScriptHook.collect(item, server.workDir(item.deploymentId()), dir, exitCode);
        }
        return ExecutableHook.collect(entry.hook(), dir, exitCode);
    }

    private static int readExit(Path exit) throws IOException {
        String text = Files.readString(exit, StandardCharsets.US_ASCII).trim();
        try {
            return Integer.parseInt(text);
        } catch (NumberFormatException e) {
            return 1;
        }
    }

    private static Long readPid(Path dir) {
        try {
            return Long.parseLong(Files.readString(dir.resolve(HookLauncher.PID), StandardCharsets.US_ASCII).trim());
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }

    private static String tail(Path dir, String file) throws IOException {
        return io.hearth.agent.hook.Tail.of(dir.resolve(file), io.hearth.agent.hook.Tail.MAX_BYTES);
    }
}
