package io.hearth.agent;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * The agent's settings, from arguments first, then the environment (what cloud-init writes).
 *
 * @param metadataUrl the server's pre-signed metadata URL
 * @param stateDir    where the journal lives
 */
public record AgentOptions(URI metadataUrl, String stateDir) {

    /** Usage text. */
    public static final String USAGE = """
            usage: hearth-agent [--metadata-url URL] [--state-dir DIR] [--version] [--help]
              --metadata-url URL   the server's metadata URL (env HEARTH_METADATA_URL)
              --state-dir DIR      journal folder (env HEARTH_AGENT_STATE_DIR, default ./hearth-agent-state)
            """;

    /**
     * Reads arguments and environment.
     *
     * @throws IllegalArgumentException naming the bad or missing option
     */
    public static AgentOptions parse(List<String> args, Map<String, String> env) {
        String url = env.get("HEARTH_METADATA_URL");
        String state = env.getOrDefault("HEARTH_AGENT_STATE_DIR", "hearth-agent-state");
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            switch (arg) {
                case "--metadata-url" -> url = value(args, ++i, arg);
                case "--state-dir" -> state = value(args, ++i, arg);
                default -> throw new IllegalArgumentException("unknown option " + arg);
            }
        }
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("--metadata-url (or HEARTH_METADATA_URL) is required");
        }
        URI uri = URI.create(url);
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
            throw new IllegalArgumentException("--metadata-url must be an http or https URL, got " + url);
        }
        return new AgentOptions(uri, state);
    }

    private static String value(List<String> args, int index, String option) {
        if (index >= args.size()) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args.get(index);
    }
}
