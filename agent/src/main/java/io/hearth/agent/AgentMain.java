package io.hearth.agent;

import java.util.Arrays;
import java.util.List;

/** The agent's entry point. */
public final class AgentMain {

    /** The agent's version, sent with check-ins. */
    public static final String VERSION = "0.1.0";

    private AgentMain() {
    }

    public static void main(String[] args) {
        List<String> arguments = Arrays.asList(args);
        if (arguments.contains("--help")) {
            System.out.print(AgentOptions.USAGE);
            return;
        }
        if (arguments.contains("--version")) {
            System.out.println("hearth-agent " + VERSION);
            return;
        }
        try {
            AgentOptions options = AgentOptions.parse(arguments, System.getenv());
            System.err.println("hearth-agent " + VERSION + ": metadata " + options.metadataUrl()
                    + "; polling and running hooks are not built yet (see the agent issue)");
            System.exit(3);
        } catch (IllegalArgumentException e) {
            System.err.println("hearth-agent: " + e.getMessage());
            System.err.print(AgentOptions.USAGE);
            System.exit(2);
        }
    }
}
