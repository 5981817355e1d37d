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
 * @param driverId         the driver's id in its reports and heartbeats (docs/compute-drivers.md)
 */
public record HostOptions(String bootstrapServers, Path stateDir, List<Path> hooksDirs, String driverId) {

    private static final Set<String> KNOWN = Set.of("bootstrap-servers", "state-dir", "hooks-dir", "driver");

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
                AgentOptions.hooksDirs(settings.list("hooks-dir"), state), settings.get("driver", defaultDriverId()));
    }

    /** {@code local@<host name>}: the default driver id. */
    public static String defaultDriverId() {
        try {
            return "local@" + java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.net.UnknownHostException e) {
            return "local@localhost";
        }
    }
}
