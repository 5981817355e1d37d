package io.hearth.agent.run;

import io.hearth.agent.hook.Hooks;
import io.hearth.agent.hook.Item;
import io.hearth.agent.hook.ScriptHook;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * What to start for a run: the executable, its working folder (the deployment's, under {@code work/}) and
 * its environment, which names the run's progress file ({@value #PROGRESS_ENV}, see {@link ProgressReporter}).
 *
 * @param executable the script file or the hooks-dir executable
 * @param workDir    the working folder
 * @param env        the whole environment
 */
record HookLaunch(Path executable, Path workDir, Map<String, String> env) {

    /** The environment variable naming the file a hook may append progress lines to. */
    static final String PROGRESS_ENV = "HEARTH_PROGRESS_FILE";

    /**
     * Prepares a run of {@code hook} ({@value Hooks#SCRIPT} or an executable's path) for {@code item}, whose journal
     * folder is {@code runDir}.
     */
    static HookLaunch prepare(Item item, String hook, ServerContext server, Path runDir) throws IOException {
        Path workDir = server.workDir(item.deploymentId());
        Files.createDirectories(workDir);
        Map<String, String> env = new HashMap<>(server.hookEnv());
        env.put(PROGRESS_ENV, runDir.resolve(ProgressReporter.FILE).toAbsolutePath().toString());
        if (Hooks.SCRIPT.equals(hook)) {
            Path script = ScriptHook.prepare(item, workDir);
            return new HookLaunch(script, workDir, ScriptHook.environment(item, workDir, env));
        }
        return new HookLaunch(Path.of(hook), workDir, env);
    }
}
