package io.hearth.system;

import static io.restassured.RestAssured.given;

import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The whole system on this machine, through the project's own scripts in {@code deploy/}.
 * Started once per test JVM; stopped at the end only if it was not running before, so a
 * developer's running system is reused and left running.
 */
final class LocalSystem {

    /** The repository the system runs from. */
    static final Path ROOT = Path.of(System.getProperty("hearth.repo", "..")).toAbsolutePath().normalize();
    private static final Path LOG = ROOT.resolve("system-tests/target/deploy.log");
    /** Where {@code deploy/} keeps its state, logs and pid files (its {@code HEARTH_HOME}). */
    static final Path HOME = System.getenv("HEARTH_HOME") == null || System.getenv("HEARTH_HOME").isBlank()
            ? ROOT.resolve(".hearth") : Path.of(System.getenv("HEARTH_HOME"));
    private static boolean started;
    /** False once a test asked to run without the local compute driver. */
    private static boolean localCompute = true;
    /** Replica counts asked for ({@code HEARTH_REPLICAS_<SERVICE>} of every later {@code deploy/} run). */
    private static final Map<String, String> REPLICAS = new ConcurrentHashMap<>();
    /** Environment added to every later {@code deploy/} run ({@link #restartWithEnvironment}, {@link #restartWith}); empty by default. */
    private static final Map<String, String> ENVIRONMENT = new ConcurrentHashMap<>();

    /**
     * Where the tests' webhook receivers listen: the one internal address the system's notifier may POST to
     * ({@code HEARTH_WEBHOOKS_ALLOWED_TARGETS} of the {@code deploy/} runs of this JVM only); the services on
     * 127.0.0.1 stay closed to webhooks.
     */
    static final String RECEIVERS = "127.0.0.2";

    private LocalSystem() {
    }

    /** Brings everything up (idempotent) and returns once every service is ready. */
    static synchronized void up() {
        if (started) {
            return;
        }
        boolean wasRunning = run("status") == 0;
        int up = run("up");
        if (up != 0) {
            throw new IllegalStateException("deploy/up failed with exit code " + up + "; see " + LOG);
        }
        started = true;
        if (!wasRunning) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> run("down"), "deploy-down"));
        }
    }

    /**
     * Stops the whole system ({@code deploy/down}) and starts it again with this environment added to every later
     * {@code deploy/} run, e.g. {@code HEARTH_AUTH_TOKENS} and {@code HEARTH_SIGNING_KEYS} for a production-like
     * system (deploy/README.md); returns once every service is ready. A test that calls it calls
     * {@link #restartWithDefaultEnvironment()} when it is done, so that the classes after it run on the default
     * (development) configuration.
     */
    static synchronized void restartWithEnvironment(Map<String, String> environment) {
        up();
        restart(environment);
    }

    /** Undoes {@link #restartWithEnvironment}: stops the system and starts it again with {@code deploy/}'s defaults. */
    static synchronized void restartWithDefaultEnvironment() {
        restart(Map.of());
    }

    private static void restart(Map<String, String> environment) {
        int down = run("down");
        if (down != 0) {
            throw new IllegalStateException("deploy/down failed with exit code " + down + "; see " + LOG);
        }
        ENVIRONMENT.clear();
        ENVIRONMENT.putAll(environment);
        startMissing();
    }

    /**
     * Kills a service at once with SIGKILL, as a crash would (no shutdown hook runs), and returns
     * once the process is gone. The pid comes from {@code deploy/}'s pid file
     * ({@code $HEARTH_HOME/run/<service>.pid}: the JVM, not its supervisor) and must belong to the
     * service's jar, so a reused pid is never killed. {@code deploy/}'s supervisor starts the service
     * again after a second; {@link #startMissing()} then finds it running (or waits for it).
     *
     * @param service e.g. {@code deployment-service}
     * @return the pid that was killed
     */
    static long kill(String service) {
        return kill(service, service + "/target/quarkus-app/quarkus-run.jar", true);
    }

    /**
     * Runs {@code count} replicas of a service from now on ({@code HEARTH_REPLICAS_<SERVICE>} for every later
     * {@code deploy/} run): starts the missing ones, stops those beyond the count, and returns once every
     * replica is ready. Replica 1 is named after its service and keeps its port; replica r is
     * {@code <service>-<r>} (deploy/README.md).
     */
    static synchronized void replicas(String service, int count) {
        REPLICAS.put("HEARTH_REPLICAS_" + service.replace('-', '_').toUpperCase(Locale.ROOT), Integer.toString(count));
        startMissing();
    }

    /**
     * Kills one replica of a service with SIGKILL and keeps it down: its supervisor is killed first, so that it
     * does not start it again (the next {@link #startMissing()} or {@link #replicas} does). Returns once the
     * process is gone.
     *
     * @param service e.g. {@code deployment-service}
     * @param replica its name, e.g. {@code deployment-service-2} ({@code deployment-service} for replica 1)
     * @return the pid of the replica that was killed
     */
    static long killReplicaForGood(String service, String replica) {
        return stopReplica(service, replica, true);
    }

    /** Stops a replica and its supervisor: SIGKILL as a crash, or SIGTERM as an operator's stop. */
    private static long stopReplica(String service, String replica, boolean sigkill) {
        ProcessHandle supervisor = process(replica + ".supervisor", "deploy/supervise " + replica + " ");
        supervisor.destroyForcibly();
        return kill(replica, service + "/target/quarkus-app/quarkus-run.jar", sigkill);
    }

    /**
     * Restarts a service (replica 1) with an environment variable set, or removed again when {@code value} is null,
     * for every later {@code deploy/} run (e.g. {@code HEARTH_COMPUTE_ACCEPT_TIMEOUT} for deployment-service); returns
     * once every service is ready. The service is stopped as an operator would (SIGTERM): its Kafka consumers leave
     * their groups, so the new process gets their partitions at once rather than after the session timeout (45 s),
     * during which its read model would not move.
     */
    static synchronized void restartWith(String service, String variable, String value) {
        if (value == null) {
            ENVIRONMENT.remove(variable);
        } else {
            ENVIRONMENT.put(variable, value);
        }
        stopReplica(service, service, false);
        startMissing();
    }

    /**
     * Kills the local compute driver (the agent in host mode) at once with SIGKILL, as a crash would:
     * the hooks it started run on, detached. {@link #startMissing()} starts it again.
     *
     * @return the pid that was killed
     */
    static long killCompute() {
        return kill("compute", "agent/target/hearth-agent.jar", true);
    }

    /**
     * Stops the local compute driver as an operator would (SIGTERM: its supervisor does not start it again), so every
     * local agent is gone until {@link #startMissing()} starts it.
     *
     * @return the pid that was stopped
     */
    static long stopCompute() {
        return kill("compute", "agent/target/hearth-agent.jar", false);
    }

    /**
     * Stops the local compute driver (SIGTERM) and keeps it stopped for the rest of this JVM
     * ({@code deploy/up} is then run with {@code HEARTH_LOCAL_COMPUTE=0}), for tests in which
     * {@code SimulatedCompute} plays the compute driver and agents over the real topics: two drivers
     * would both answer each command. Tests that need the real driver run before those (class order
     * in {@code junit-platform.properties}).
     */
    static synchronized void withoutLocalCompute() {
        localCompute = false;
        if (computeRuns()) {
            kill("compute", "agent/target/hearth-agent.jar", false);
        }
    }

    /**
     * True when {@code deploy/}'s pid file names a live local compute driver: there may be none, or a stale one left
     * by a driver stopped before.
     */
    private static boolean computeRuns() {
        try {
            process("compute", "agent/target/hearth-agent.jar");
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    /**
     * Stops the Kafka broker as an operator would (SIGTERM, then waits until it is gone); {@link #startMissing()}
     * starts it again with the same data.
     *
     * @return the broker's pid
     */
    static long stopKafka() {
        return kill("kafka", "kafka.Kafka", false);
    }

    /**
     * The running JVM of a service: the pid in {@code deploy/}'s pid file ({@code $HEARTH_HOME/run/<service>.pid},
     * the Java process, not its supervisor), if that process is alive and runs the service's jar.
     *
     * @param service e.g. {@code template-service}
     */
    static ProcessHandle process(String service) {
        return process(service, service + "/target/quarkus-app/quarkus-run.jar");
    }

    /** What {@code deploy/status} says, line by line (one line per component). */
    static String status() {
        return runForOutput("status");
    }

    private static ProcessHandle process(String service, String jar) {
        Path pidFile = HOME.resolve("run").resolve(service + ".pid");
        long pid;
        try {
            pid = Long.parseLong(Files.readString(pidFile).trim());
        } catch (IOException | NumberFormatException e) {
            throw new IllegalStateException("cannot read the pid of " + service + " from " + pidFile, e);
        }
        return ProcessHandle.of(pid).filter(ProcessHandle::isAlive)
                .filter(p -> p.info().commandLine().map(c -> c.contains(jar)).orElse(false))
                .orElseThrow(() -> new IllegalStateException(service + " is not running as pid " + pid
                        + " (from " + pidFile + ")"));
    }

    private static long kill(String service, String jar, boolean sigkill) {
        ProcessHandle process = process(service, jar);
        long pid = process.pid();
        if (!(sigkill ? process.destroyForcibly() : process.destroy())) {
            throw new IllegalStateException("cannot signal " + service + " (pid " + pid + ")");
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (running(pid)) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(service + " (pid " + pid + ") still runs 60 s after "
                        + (sigkill ? "SIGKILL" : "SIGTERM"));
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for " + service + " to die", e);
            }
        }
        return pid;
    }

    /**
     * Starts whatever is not running ({@code deploy/up} leaves running parts alone), e.g. a service
     * after {@link #kill}, and returns once every service is ready.
     */
    static void startMissing() {
        int up = run("up");
        if (up != 0) {
            throw new IllegalStateException("deploy/up failed with exit code " + up + "; see " + LOG);
        }
    }

    /**
     * True while the process exists and is not a zombie (killed, not yet reaped by its parent). A killed JVM's
     * main thread turns zombie before its other threads have exited, and until the last one has, the process
     * still holds its files and listening ports: it counts as running while it has more than that one thread.
     */
    static boolean running(long pid) {
        if (ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
            Path proc = Path.of("/proc", Long.toString(pid));
            try (var tasks = Files.list(proc.resolve("task"))) {
                String stat = Files.readString(proc.resolve("stat"));
                return !stat.substring(stat.lastIndexOf(')') + 2).startsWith("Z") || tasks.count() > 1;
            } catch (IOException e) {
                return false; // gone between the looks
            }
        }
        return false;
    }

    /** Installs Debian's python3-heatclient where it is missing ({@code deploy/heatclient}). */
    static void ensureHeatClient() {
        int code = run("heatclient");
        if (code != 0) {
            throw new IllegalStateException("deploy/heatclient failed with exit code " + code + "; see " + LOG);
        }
    }

    /**
     * Installs Debian's os-collect-config, os-refresh-config and os-apply-config where they are missing
     * ({@code deploy/heat-agents/run --install}).
     */
    static void ensureHeatAgents() {
        int code = run("heat-agents/run", "--install");
        if (code != 0) {
            throw new IllegalStateException("deploy/heat-agents/run --install failed with exit code " + code + "; see "
                    + LOG);
        }
    }

    /** The public API's base URL. */
    static String publicApi() {
        return "http://127.0.0.1:" + port(8004);
    }

    /** A port of the system deploy/up started: {@code base} plus {@code HEARTH_PORT_OFFSET} (deploy/README.md). */
    static int port(int base) {
        String offset = System.getenv("HEARTH_PORT_OFFSET");
        return base + (offset == null || offset.isBlank() ? 0 : Integer.parseInt(offset.trim()));
    }

    /** The system's Kafka: 127.0.0.1 at {@code KAFKA_PORT} (9092 when unset). */
    static String kafka() {
        String port = System.getenv("KAFKA_PORT");
        return "127.0.0.1:" + (port == null || port.isBlank() ? "9092" : port.trim());
    }

    /** A request to the public API with the development token, JSON, redirects not followed. */
    static RequestSpecification api() {
        return given().baseUri(publicApi()).header("X-Auth-Token", "hearth-dev-token")
                .contentType(ContentType.JSON).redirects().follow(false);
    }

    private static String runForOutput(String script) {
        try {
            ProcessBuilder builder = new ProcessBuilder(ROOT.resolve("deploy").resolve(script).toString());
            builder.environment().putAll(REPLICAS);
            builder.environment().put("HEARTH_WEBHOOKS_ALLOWED_TARGETS", RECEIVERS + "/32");
            builder.environment().putAll(ENVIRONMENT);
            Process process = builder.directory(ROOT.toFile()).redirectErrorStream(true).start();
            String output = new String(process.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            process.waitFor(1, TimeUnit.MINUTES);
            return output;
        } catch (IOException e) {
            throw new IllegalStateException("cannot run deploy/" + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running deploy/" + script, e);
        }
    }

    private static int run(String script, String... args) {
        try {
            Files.createDirectories(LOG.getParent());
            List<String> command = new ArrayList<>(List.of(ROOT.resolve("deploy").resolve(script).toString()));
            command.addAll(List.of(args));
            ProcessBuilder builder = new ProcessBuilder(command);
            if (!localCompute) {
                builder.environment().put("HEARTH_LOCAL_COMPUTE", "0");
            }
            builder.environment().putAll(REPLICAS);
            builder.environment().put("HEARTH_WEBHOOKS_ALLOWED_TARGETS", RECEIVERS + "/32");
            builder.environment().putAll(ENVIRONMENT);
            Process process = builder.directory(ROOT.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(new File(LOG.toString())))
                    .start();
            if (!process.waitFor(15, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new IllegalStateException("deploy/" + script + " did not finish in 15 minutes; see " + LOG);
            }
            return process.exitValue();
        } catch (IOException e) {
            throw new IllegalStateException("cannot run deploy/" + script + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running deploy/" + script, e);
        }
    }
}
