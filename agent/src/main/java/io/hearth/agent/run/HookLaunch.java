package io.hearth.agent.run;

import io.hearth.agent.hook.Hooks;
import io.hearth.agent.hook.Item;
import io.hearth.agent.hook.ScriptHook;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * What to start for a run: the executable, its working folder (the deployment's, under {@code work/}) and
 * its environment.
 *
 * @param executable the script file or the hooks-dir executable
 * @param workDir    the working folder
 * @param env        the whole environment
 */
record HookLaunch(Path executable, Path workDir, Map<String, String> env) {

    /** Prepares a run of {@code hook} ({@value Hooks#SCRIPT} or an executable's path) for {@code item}. */
    static HookLaunch prepare(Item item, String hook, ServerContext server) throws IOException {
        Path workDir = server.workDir(item.id());
        Files.createDirectories(workDir);
        if (Hooks.SCRIPT.equals(hook)) {
            Path script = ScriptHook.prepare(item, workDir);
            return new HookLaunch(script, workDir, ScriptHook.environment(item, workDir, server.hookEnv()));
        }
        return new HookLaunch(Path.of(hook), workDir, server.hookEnv());
    }
}
