package io.hearth.agent;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings of host mode (the local compute driver), from arguments, then the environment.
 *
 * @param bootstrapServers Kafka's bootstrap servers
 * @param stateDir         where each server gets {@code servers/<id>/}
 * @param hooksDirs        where hooks of groups other than script are found, for every server
 * @param groupId          the consumer group of {@code hearth.compute.commands}
 */
public record HostOptions(String bootstrapServers, Path stateDir, List<Path> hooksDirs, String groupId) {

    /** The consumer group of the local compute driver. */
    public static final String GROUP = "hearth-local-compute";

    private static final Set<String> KNOWN = Set.of("bootstrap-servers", "state-dir", "hooks-dir", "group");

    public HostOptions {
        hooksDirs = List.copyOf(hooksDirs);
    }

    /**
     * Reads the arguments that follow {@code host}.
     *
     * @throws IllegalArgumentException naming the bad option
     */
    public static HostOptions parse(List<String> args, Map<String, String> env) {
        Settings settings = Settings.fromArguments(args, KNOWN)
                .withEnv(env, "KAFKA_BOOTSTRAP_SERVERS", "bootstrap-servers")
                .withEnv(env, "HEARTH_AGENT_STATE_DIR", "state-dir")
                .withEnv(env, "HEARTH_AGENT_HOOKS_DIR", "hooks-dir");
        Path state = Path.of(settings.get("state-dir", "hearth-agent-state")).toAbsolutePath();
        return new HostOptions(settings.get("bootstrap-servers", "127.0.0.1:9092"), state,
                AgentOptions.hooksDirs(settings.list("hooks-dir"), state), settings.get("group", GROUP));
    }
}
