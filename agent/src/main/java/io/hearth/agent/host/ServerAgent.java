package io.hearth.agent.host;

import io.hearth.agent.Log;
import io.hearth.agent.run.Agent;
import io.hearth.agent.run.ServerContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.util.List;

/**
 * The agent of one local server, on a thread of its own. The gateway's 404 does not end it for good here:
 * the server is deleted when its desired state is DELETED, so after a 404 it polls again every 30 s until then.
 */
final class ServerAgent {

    private final ServerRecord record;
    private final Thread thread;

    ServerAgent(ServerRecord record, Path dir, List<Path> hooksDirs, HttpClient http) {
        this.record = record;
        ServerContext context = new ServerContext(record.serverId(), record.address(), record.bootId(),
                URI.create(record.metadataUrl()), dir, hooksDirs, System.getenv());
        this.thread = new Thread(() -> loop(context, http), "server-" + record.serverId());
        this.thread.setDaemon(true);
    }

    ServerRecord record() {
        return record;
    }

    void start() {
        thread.start();
    }

    void interrupt() {
        thread.interrupt();
    }

    /** Interrupts the agent and waits (up to 30 s) until its thread ended. */
    void stop() throws InterruptedException {
        thread.interrupt();
        thread.join(30_000);
    }

    private void loop(ServerContext context, HttpClient http) {
        Agent agent = new Agent(context, http);
        try {
            while (agent.run()) {
                Log.info(context.who(), "waiting to be deleted; polling again in 30 s");
                Thread.sleep(30_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            Log.warn(context.who(), "agent stopped: " + e);
        }
        Log.info(context.who(), "agent stopped");
    }
}
