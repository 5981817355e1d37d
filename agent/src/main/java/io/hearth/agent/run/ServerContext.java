package io.hearth.agent.run;

import java.net.URI;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Who an agent is and where it keeps its things: one per server (one per process in single mode, one per
 * server thread in host mode).
 *
 * @param serverId    the server's id (HEARTH_SERVER_ID of hooks)
 * @param address     the server's address, reported with each poll (HEARTH_SERVER_ADDRESS of hooks)
 * @param bootId      the current boot id; a run started under another one was cut by a reboot
 * @param metadataUrl the server's pre-signed metadata URL
 * @param stateDir    the server's folder: {@code journal/} and {@code work/<deployment id>/}
 * @param hooksDirs   where hooks of other groups than script are looked up
 * @param baseEnv     the environment every hook starts from
 */
public record ServerContext(String serverId, String address, String bootId, URI metadataUrl, Path stateDir,
        List<Path> hooksDirs, Map<String, String> baseEnv) {

    public ServerContext {
        stateDir = stateDir.toAbsolutePath();
        hooksDirs = List.copyOf(hooksDirs);
        baseEnv = Map.copyOf(baseEnv);
    }

    /** The journal's folder. */
    public Path journalDir() {
        return stateDir.resolve("journal");
    }

    /** The working folder of a deployment (shared by its runs, like heat-config's per-deployment files). */
    public Path workDir(String deploymentId) {
        String safe = deploymentId.replaceAll("[^A-Za-z0-9.-]", "-");
        return stateDir.resolve("work").resolve(safe.isEmpty() || safe.startsWith(".") ? "-" + safe : safe);
    }

    /** The environment of a hook: the base environment plus HEARTH_SERVER_ADDRESS and HEARTH_SERVER_ID. */
    public Map<String, String> hookEnv() {
        Map<String, String> env = new HashMap<>(baseEnv);
        env.put("HEARTH_SERVER_ADDRESS", address);
        env.put("HEARTH_SERVER_ID", serverId);
        return env;
    }

    /** A short name for log lines. */
    public String who() {
        return "server " + serverId;
    }
}
