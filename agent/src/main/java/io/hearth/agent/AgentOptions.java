package io.hearth.agent;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The settings of the agent on one instance: from arguments first, then a key=value file ({@code --config},
 * what cloud-init writes), then the environment.
 *
 * @param metadataUrl the server's pre-signed metadata URL
 * @param stateDir    where the journal and the deployments' working folders live
 * @param hooksDirs   where hooks of groups other than script are found, in order
 * @param address     the address reported to the gateway; null to detect it
 */
public record AgentOptions(URI metadataUrl, String stateDir, List<Path> hooksDirs, String address) {

    /** heat-config's hooks folder, searched when present and no --hooks-dir is given. */
    public static final Path HEAT_CONFIG_HOOKS = Path.of("/var/lib/heat-config/hooks");

    /** Usage text. */
    public static final String USAGE = """
            usage: hearth-agent [--config FILE] [--metadata-url URL] [--state-dir DIR] [--hooks-dir DIR]...
                                [--address ADDRESS] [--version] [--help]
                   hearth-agent host [--bootstrap-servers HOSTS] [--state-dir DIR] [--hooks-dir DIR]... [--driver ID]
              --config FILE        key=value lines (metadata_url, state_dir, hooks_dir, address) (env HEARTH_AGENT_CONFIG)
              --metadata-url URL   the server's metadata URL (env HEARTH_METADATA_URL)
              --state-dir DIR      journal and work folders (env HEARTH_AGENT_STATE_DIR, default ./hearth-agent-state)
              --hooks-dir DIR      hooks of groups other than script (env HEARTH_AGENT_HOOKS_DIR; default
                                   DIR/hooks and /var/lib/heat-config/hooks if present)
              --address ADDRESS    this instance's address as reported (env HEARTH_AGENT_ADDRESS; default: detected)
              host                 the local compute driver: runs one agent per server wanted on hearth.compute.servers
              --bootstrap-servers  Kafka (env KAFKA_BOOTSTRAP_SERVERS, default 127.0.0.1:9092)
              --driver ID          the driver's id in its reports and heartbeats (default local@HOSTNAME)
            """;

    private static final Set<String> KNOWN = Set.of("config", "metadata-url", "state-dir", "hooks-dir", "address");
    private static final Map<String, String> FILE_ALIASES = Map.of("hearth_metadata_url", "metadata-url",
            "hearth_agent_state_dir", "state-dir", "hearth_agent_hooks_dir", "hooks-dir",
            "hearth_agent_address", "address");

    public AgentOptions {
        hooksDirs = List.copyOf(hooksDirs);
    }

    /**
     * Reads arguments, the config file they or the environment name, and the environment.
     *
     * @throws IllegalArgumentException naming the bad or missing option
     */
    public static AgentOptions parse(List<String> args, Map<String, String> env) {
        Settings settings = Settings.fromArguments(args, KNOWN).withEnv(env, "HEARTH_AGENT_CONFIG", "config");
        String config = settings.get("config", null);
        if (config != null) {
            settings.withFile(Path.of(config), KNOWN, FILE_ALIASES);
        }
        settings.withEnv(env, "HEARTH_METADATA_URL", "metadata-url")
                .withEnv(env, "HEARTH_AGENT_STATE_DIR", "state-dir")
                .withEnv(env, "HEARTH_AGENT_HOOKS_DIR", "hooks-dir")
                .withEnv(env, "HEARTH_AGENT_ADDRESS", "address");
        String url = settings.get("metadata-url", null);
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("--metadata-url (or HEARTH_METADATA_URL) is required");
        }
        URI uri;
        try {
            uri = URI.create(url);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--metadata-url is not a URL: " + url);
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
            throw new IllegalArgumentException("--metadata-url must be an http or https URL, got " + url);
        }
        String state = settings.get("state-dir", "hearth-agent-state");
        return new AgentOptions(uri, state, hooksDirs(settings.list("hooks-dir"), Path.of(state)),
                settings.get("address", null));
    }

    /** The given hooks folders, or the defaults: {@code <state>/hooks}, then heat-config's if present. */
    static List<Path> hooksDirs(List<String> given, Path stateDir) {
        List<Path> dirs = new ArrayList<>();
        given.forEach(d -> dirs.add(Path.of(d).toAbsolutePath()));
        if (dirs.isEmpty()) {
            dirs.add(stateDir.resolve("hooks").toAbsolutePath());
            if (Files.isDirectory(HEAT_CONFIG_HOOKS)) {
                dirs.add(HEAT_CONFIG_HOOKS);
            }
        }
        return dirs;
    }

    /** The server id named by the metadata URL's path ({@code .../servers/{id}/metadata}), or "unknown". */
    public String serverId() {
        String[] parts = metadataUrl.getPath().split("/");
        for (int i = 0; i + 1 < parts.length; i++) {
            if ("servers".equals(parts[i]) && !parts[i + 1].isBlank()) {
                return parts[i + 1];
            }
        }
        return "unknown";
    }
}
