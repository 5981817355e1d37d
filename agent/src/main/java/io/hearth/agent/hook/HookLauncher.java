package io.hearth.agent.hook;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Starts a hook detached from the agent, in a session of its own ({@code setsid}), through a small shell
 * wrapper that outlives the agent: it claims the launch ({@code mkdir launch-<token>}, so a launch the
 * agent gave up on can never run late), writes its {@code pid}, runs the hook with {@code item.json} on
 * stdin and {@code stdout}/{@code stderr} in files, then writes the exit status to {@code exit}
 * (temp file + rename). All of these live in the run's journal folder.
 */
public final class HookLauncher {

    /** The files of a run's folder. */
    public static final String ITEM = "item.json";
    public static final String PID = "pid";
    public static final String EXIT = "exit";
    public static final String STDOUT = "stdout";
    public static final String STDERR = "stderr";

    /**
     * How often the wrapper starts the hook again when it could not be started because its file was open for writing
     * ({@code ETXTBSY}, "Text file busy", the shell's status 126), 50 ms apart. Its file is written and closed before
     * the launch, but a process another thread of the agent forks at that moment (the local compute driver runs many
     * servers' agents in one JVM) inherits the descriptor until it execs: the hook never ran then, so starting it
     * again is safe. A hook that ran and exited 126 itself wrote no such error and is not started again.
     */
    static final int BUSY_RETRIES = 20;

    private static final String WRAPPER = String.join("\n",
            "mkdir \"$1/launch-$2\" 2>/dev/null || exit 0",
            "echo $$ > \"$1/pid.tmp\" && mv -f \"$1/pid.tmp\" \"$1/pid\"",
            "n=0",
            "while :; do",
            "  \"$3\" < \"$1/item.json\" > \"$1/stdout\" 2> \"$1/stderr\"; code=$?",
            "  [ $code -eq 126 ] && [ $n -lt " + BUSY_RETRIES + " ] && grep -q 'Text file busy' \"$1/stderr\" || break",
            "  n=$((n + 1)); sleep 0.05",
            "done",
            "echo $code > \"$1/exit.tmp\" && mv -f \"$1/exit.tmp\" \"$1/exit\"");
    private static final String SETSID = findSetsid();

    /**
     * Launches {@code executable} for the run whose folder is {@code runDir}.
     *
     * @param runDir     the run's journal folder, holding {@code item.json}
     * @param token      the launch token recorded in the journal before this call
     * @param executable the hook to run
     * @param workDir    its working directory
     * @param env        its whole environment
     * @return the wrapper process (the hook's session leader)
     */
    public Process launch(Path runDir, String token, Path executable, Path workDir, Map<String, String> env)
            throws IOException {
        Files.createDirectories(workDir);
        List<String> command = new ArrayList<>();
        if (SETSID != null) {
            command.add(SETSID);
        }
        command.addAll(List.of("/bin/sh", "-c", WRAPPER, "hearth-hook", runDir.toAbsolutePath().toString(), token,
                executable.toAbsolutePath().toString()));
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile())
                .redirectInput(new File("/dev/null"))
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.appendTo(runDir.resolve("wrapper.log").toFile()));
        builder.environment().clear();
        builder.environment().putAll(env);
        return builder.start();
    }

    private static String findSetsid() {
        for (String path : List.of("/usr/bin/setsid", "/bin/setsid", "/usr/sbin/setsid")) {
            if (Files.isExecutable(Path.of(path))) {
                return path;
            }
        }
        return null;
    }
}
