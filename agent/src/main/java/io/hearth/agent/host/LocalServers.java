package io.hearth.agent.host;

import io.hearth.agent.Log;
import io.hearth.agent.journal.AtomicFiles;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.envelope.HearthJson;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashSet;
import java.util.List;
import java.util.TreeSet;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The servers of host mode: each one a folder {@code <state>/servers/<id>/} (its {@code server.json},
 * journal and work folders) and an agent thread ({@link ServerAgent}). Creating an existing server changes
 * nothing; deleting one stops its agent, kills its hooks and whatever else runs from its folder, and removes
 * the folder; servers whose folder is still there are resumed when the host starts.
 */
public final class LocalServers implements AutoCloseable {

    /** The file in a server's folder that says it is suspended. */
    static final String SUSPENDED = "suspended";

    private final Path serversDir;
    private final List<Path> hooksDirs;
    private final HttpClient http;
    private final AddressPool addresses;
    private final Map<String, ServerAgent> running = new ConcurrentHashMap<>();

    /** The servers kept under {@code stateDir/servers}. */
    public LocalServers(Path stateDir, List<Path> hooksDirs, HttpClient http) {
        this.serversDir = stateDir.toAbsolutePath().resolve("servers");
        this.hooksDirs = List.copyOf(hooksDirs);
        this.http = http;
        this.addresses = new AddressPool(stateDir.toAbsolutePath());
    }

    /** The folder of a server. */
    public Path dir(String serverId) {
        return serversDir.resolve(safe(serverId));
    }

    /** Starts an agent for every server folder left from an earlier run; removes half-created or half-deleted ones. */
    public synchronized void resumeAll() throws IOException {
        Files.createDirectories(serversDir);
        try (Stream<Path> dirs = Files.list(serversDir)) {
            for (Path dir : dirs.toList()) {
                String name = dir.getFileName().toString();
                if (name.startsWith(".")) {
                    AtomicFiles.deleteTree(dir);
                } else if (Files.exists(dir.resolve(SUSPENDED))) {
                    Log.info("server " + name, "suspended: its agent waits until it is wanted ACTIVE again, " + dir);
                } else if (Files.isRegularFile(dir.resolve(ServerRecord.FILE))) {
                    ServerRecord record = HearthJson.mapper().readValue(dir.resolve(ServerRecord.FILE).toFile(),
                            ServerRecord.class);
                    Log.info("server " + record.serverId(), "resumed: address " + record.address() + ", " + dir);
                    start(record, dir);
                }
            }
        }
    }

    /**
     * Creates a server and starts its agent.
     *
     * @return false when the server already existed (nothing changed)
     */
    public synchronized boolean create(ServerSpec command) throws IOException {
        Path dir = dir(command.serverId());
        if (running.containsKey(command.serverId()) || Files.exists(dir)) {
            Log.info("server " + command.serverId(), "already exists; creating it changes nothing");
            return false;
        }
        Set<String> inUse = new HashSet<>();
        running.values().forEach(agent -> inUse.add(agent.record().address()));
        ServerRecord record = new ServerRecord(command.serverId(), command.stackId(), command.tenant(),
                command.name(), command.metadataUrl(), addresses.allocate(inUse), UUID.randomUUID().toString(),
                Instant.now().truncatedTo(ChronoUnit.MILLIS));
        URI.create(record.metadataUrl()); // refuse a bad URL before anything is written
        Path temp = serversDir.resolve(".new-" + safe(command.serverId()));
        AtomicFiles.deleteTree(temp);
        Files.createDirectories(temp);
        AtomicFiles.write(temp.resolve(ServerRecord.FILE), HearthJson.mapper().writeValueAsBytes(record));
        Files.move(temp, dir, StandardCopyOption.ATOMIC_MOVE);
        AtomicFiles.syncDirectory(serversDir);
        Log.info("server " + record.serverId(), "created: " + record.name() + " of stack " + record.stackId()
                + ", address " + record.address() + ", " + dir);
        start(record, dir);
        return true;
    }

    /**
     * Suspends a server (Nova's suspend): its agent stops, the processes started from its folder are stopped
     * (SIGSTOP), and a {@value #SUSPENDED} file keeps it suspended across a restart of the host until it is resumed.
     *
     * @return false when there is no such server
     */
    public synchronized boolean suspend(String serverId) throws IOException, InterruptedException {
        Path dir = dir(serverId);
        if (!Files.isRegularFile(dir.resolve(ServerRecord.FILE))) {
            Log.info("server " + serverId, "not here; suspending it changes nothing");
            return false;
        }
        ServerAgent agent = running.remove(serverId);
        if (agent != null) {
            agent.stop();
        }
        AtomicFiles.write(dir.resolve(SUSPENDED), new byte[0]);
        int stopped = ServerProcesses.signalAll(dir, "STOP");
        Log.info("server " + serverId, "suspended" + (stopped > 0 ? ", " + stopped + " process(es) stopped" : ""));
        return true;
    }

    /**
     * Resumes a suspended server: its processes go on (SIGCONT) and its agent starts again, polling at once. A
     * server that runs already changes nothing.
     *
     * @return false when there is no such server or it was not suspended
     */
    public synchronized boolean resume(String serverId) throws IOException, InterruptedException {
        Path dir = dir(serverId);
        if (running.containsKey(serverId) || !Files.isRegularFile(dir.resolve(ServerRecord.FILE))) {
            Log.info("server " + serverId, "not suspended here; resuming it changes nothing");
            return false;
        }
        int continued = ServerProcesses.signalAll(dir, "CONT");
        Files.deleteIfExists(dir.resolve(SUSPENDED));
        AtomicFiles.syncDirectory(dir);
        ServerRecord record = HearthJson.mapper().readValue(dir.resolve(ServerRecord.FILE).toFile(), ServerRecord.class);
        Log.info("server " + serverId, "resumed" + (continued > 0 ? ", " + continued + " process(es) go on" : ""));
        start(record, dir);
        return true;
    }

    /**
     * Stops a server's agent, kills what runs from its folder and removes the folder.
     *
     * @return false when there was no such server
     */
    public synchronized boolean delete(String serverId) throws IOException, InterruptedException {
        Path dir = dir(serverId);
        ServerAgent agent = running.remove(serverId);
        if (agent != null) {
            agent.stop();
        }
        if (!Files.exists(dir)) {
            Log.info("server " + serverId, "not here; deleting it changes nothing");
            return false;
        }
        ServerProcesses.signalAll(dir, "CONT"); // a suspended server's processes, so that they can end
        int killed = ServerProcesses.killAll(dir);
        Path doomed = serversDir.resolve(".deleted-" + safe(serverId) + "-" + UUID.randomUUID());
        Files.move(dir, doomed, StandardCopyOption.ATOMIC_MOVE);
        AtomicFiles.syncDirectory(serversDir);
        AtomicFiles.deleteTree(doomed);
        Log.info("server " + serverId, "deleted" + (killed > 0 ? ", " + killed + " process(es) stopped" : ""));
        return true;
    }

    /** True when the server's folder is here. */
    public boolean exists(String serverId) {
        return Files.isRegularFile(dir(serverId).resolve(ServerRecord.FILE));
    }

    /** True when the server is here and suspended. */
    public boolean suspended(String serverId) {
        return exists(serverId) && Files.exists(dir(serverId).resolve(SUSPENDED));
    }

    /** The ids of the servers here (running, suspended or not yet resumed), from their {@code server.json}. */
    public synchronized Set<String> ids() throws IOException {
        Set<String> ids = new TreeSet<>();
        if (!Files.isDirectory(serversDir)) {
            return ids;
        }
        try (Stream<Path> dirs = Files.list(serversDir)) {
            for (Path dir : dirs.toList()) {
                if (!dir.getFileName().toString().startsWith(".") && Files.isRegularFile(dir.resolve(ServerRecord.FILE))) {
                    ids.add(HearthJson.mapper().readValue(dir.resolve(ServerRecord.FILE).toFile(), ServerRecord.class)
                            .serverId());
                }
            }
        }
        return ids;
    }

    /** The ids of the servers with a running agent. */
    public Set<String> running() {
        return Set.copyOf(running.keySet());
    }

    /** Stops every agent (the host stops; hooks run on and the servers stay for the next start). */
    @Override
    public synchronized void close() {
        running.values().forEach(ServerAgent::interrupt);
        for (ServerAgent agent : running.values()) {
            try {
                agent.stop();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        running.clear();
    }

    private void start(ServerRecord record, Path dir) {
        ServerAgent agent = new ServerAgent(record, dir, hooksDirs, http);
        running.put(record.serverId(), agent);
        agent.start();
    }

    /** A server id as a file name. */
    static String safe(String serverId) {
        String safe = serverId.replaceAll("[^A-Za-z0-9.-]", "-");
        return safe.isEmpty() || safe.startsWith(".") ? "-" + safe : safe;
    }
}
