package io.hearth.agent;

import io.hearth.agent.host.ComputeHost;
import io.hearth.agent.run.Agent;
import io.hearth.agent.run.ServerContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * The agent's entry point: {@code hearth-agent [options]} runs the agent of this instance;
 * {@code hearth-agent host [options]} runs the local compute driver (one agent per server).
 */
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
        boolean host = !arguments.isEmpty() && "host".equals(arguments.get(0));
        try {
            if (host) {
                HostOptions options = HostOptions.parse(arguments.subList(1, arguments.size()), System.getenv());
                ComputeHost.run(options);
            } else {
                AgentOptions options = AgentOptions.parse(arguments, System.getenv());
                System.exit(single(options) ? 0 : 1);
            }
        } catch (IllegalArgumentException e) {
            System.err.println("hearth-agent: " + e.getMessage());
            System.err.print(AgentOptions.USAGE);
            System.exit(2);
        } catch (Exception e) {
            Log.warn(host ? "host" : "agent", "stopped: " + e);
            System.exit(1);
        }
    }

    /** Runs this instance's agent; true when it ended because the server was deleted. */
    private static boolean single(AgentOptions options) throws Exception {
        Path state = Path.of(options.stateDir()).toAbsolutePath();
        Files.createDirectories(state);
        String address = options.address() != null ? options.address() : Instance.address(options.metadataUrl());
        ServerContext server = new ServerContext(options.serverId(), address, Instance.bootId(state),
                options.metadataUrl(), state, options.hooksDirs(), System.getenv());
        Log.info(server.who(), "hearth-agent " + VERSION + " started: address " + address + ", state " + state
                + ", hooks " + options.hooksDirs());
        return new Agent(server, Instance.httpClient()).run();
    }
}
