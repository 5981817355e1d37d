package io.hearth.agent.host;

import io.hearth.agent.hook.ProcessProbe;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** What a deleted server leaves running: its hooks' process groups, then anything started from its folder. */
final class ServerProcesses {

    private ServerProcesses() {
    }

    /**
     * Kills the process group of every hook still running in the server's journal, then every process whose
     * command line names the server's folder (services its hooks started in the background, as a VM's would
     * die with it).
     *
     * @return how many processes were stopped
     */
    static int killAll(Path serverDir) throws IOException, InterruptedException {
        int killed = 0;
        Path journal = serverDir.resolve("journal");
        if (Files.isDirectory(journal)) {
            try (Stream<Path> runs = Files.list(journal)) {
                for (Path run : runs.toList()) {
                    Long pid = pid(run.resolve("pid"));
                    if (pid != null && ProcessProbe.alive(pid, run.toString())) {
                        ProcessProbe.killGroup(pid, run.toString(), 5);
                        killed++;
                    }
                }
            }
        }
        List<ProcessHandle> left = startedFrom(serverDir);
        for (ProcessHandle process : left) {
            process.destroy();
        }
        for (ProcessHandle process : left) {
            try {
                process.onExit().get(5, java.util.concurrent.TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                process.destroyForcibly();
            }
        }
        return killed + left.size();
    }

    /**
     * Sends {@code signal} ({@code STOP} or {@code CONT}) to every process whose command line names the server's
     * folder: a suspended server's services stop running, as a suspended VM's would, and go on when it resumes.
     *
     * @return how many processes got it
     */
    static int signalAll(Path serverDir, String signal) throws IOException, InterruptedException {
        List<ProcessHandle> processes = startedFrom(serverDir);
        for (ProcessHandle process : processes) {
            new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).inheritIO().start().waitFor();
        }
        return processes.size();
    }

    /** The processes (but this one) whose command line names the server's folder. */
    private static List<ProcessHandle> startedFrom(Path serverDir) {
        String marker = serverDir.toAbsolutePath() + "/";
        long self = ProcessHandle.current().pid();
        return ProcessHandle.allProcesses()
                .filter(p -> p.pid() != self)
                .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
                .toList();
    }

    private static Long pid(Path file) {
        try {
            return Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).trim());
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }
}
