package io.hearth.system;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;

import com.sun.tools.attach.VirtualMachine;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A fatal error inside a running service never leaves a zombie: the service exits, {@code deploy/}'s supervisor
 * starts it again, it becomes ready and stacks complete. The faults are caused from outside, by a JVM agent
 * ({@link FaultAgent}) loaded into template-service through the attach API: an {@link OutOfMemoryError}
 * (the JVM exits, {@code -XX:+ExitOnOutOfMemoryError}), and a hung Kafka polling thread, the zombie of issue 13
 * (liveness goes DOWN naming the channel, and the watchdog exits the service after its grace).
 */
class FatalErrorIT {

    private static final String SERVICE = "template-service";
    private static final String BASE = "http://127.0.0.1:8004";
    private static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            outputs:
              answer: {value: 42}
            """;
    private static final Duration RESTART = Duration.ofMinutes(3);
    private static final Path LOG = LocalSystem.HOME.resolve("logs").resolve(SERVICE + ".log");

    @BeforeAll
    static void system() {
        LocalSystem.up();
    }

    @Test
    void anOutOfMemoryErrorEndsTheServiceAndItsSupervisorStartsItAgain() throws Exception {
        ProcessHandle before = LocalSystem.process(SERVICE);

        loadFaultAgent(before.pid(), "exhaust-heap");

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(100))
                .until(() -> !LocalSystem.running(before.pid()));
        long after = awaitRestartedAndReady(before.pid());
        assertThat(Files.readString(LOG)).contains("Terminating due to java.lang.OutOfMemoryError")
                .contains("supervisor: " + SERVICE + " exited unexpectedly (exit status 3)");
        assertThat(LocalSystem.status()).containsPattern(SERVICE + " +1 +running +" + after + " .*yes \\(restarted");

        String url = createStack();
        awaitStatus(url, "CREATE_COMPLETE", Duration.ofSeconds(60));
        LocalSystem.api().delete(url).then().statusCode(204);
        awaitStatus(url, "DELETE_COMPLETE", Duration.ofSeconds(60));
    }

    @Test
    void aServiceWhoseKafkaConsumerHangsReportsItAndRestartsByItself() throws Exception {
        ProcessHandle before = LocalSystem.process(SERVICE);
        awaitReady(Duration.ofSeconds(60));

        loadFaultAgent(before.pid(), "suspend-kafka-polling");
        // Its status events are not consumed while the consumer hangs: the stack shows CREATE_IN_PROGRESS.
        String url = createStack();

        await().atMost(Duration.ofSeconds(90)).pollInterval(Duration.ofSeconds(1)).untilAsserted(() ->
                given().baseUri(BASE).get("/q/health/live").then().statusCode(503)
                        .body("checks.find { it.name == 'Kafka consumers polling' }.status", equalTo("DOWN"))
                        .body("checks.find { it.name == 'Kafka consumers polling' }.data.'stack-events'",
                                containsString("stack-events: ")));
        assertThat(stack(url).getString("stack.stack_status")).isEqualTo("CREATE_IN_PROGRESS");
        given().baseUri(BASE).get("/q/health/ready").then().statusCode(503);

        // The watchdog exits the service once liveness stayed DOWN for its grace (60 s); the supervisor restarts it.
        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500))
                .until(() -> !LocalSystem.running(before.pid()));
        awaitRestartedAndReady(before.pid());
        assertThat(Files.readString(LOG)).contains("exiting with status 4 so that the service is restarted")
                .contains("supervisor: " + SERVICE + " exited unexpectedly (exit status 4)");

        // The restarted consumer reads what the hung one left: the stack completes.
        awaitStatus(url, "CREATE_COMPLETE", Duration.ofSeconds(90));
        LocalSystem.api().delete(url).then().statusCode(204);
        awaitStatus(url, "DELETE_COMPLETE", Duration.ofSeconds(60));
        LocalSystem.startMissing(); // deploy/up finds it running and leaves it alone
    }

    /** Loads {@link FaultAgent} into the JVM with the given pid, built into a temporary agent jar. */
    private static void loadFaultAgent(long pid, String fault) throws Exception {
        Path jar = Files.createTempFile("fault-agent", ".jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Agent-Class"), FaultAgent.class.getName());
        String entry = FaultAgent.class.getName().replace('.', '/') + ".class";
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream jarOut = new JarOutputStream(out, manifest);
                InputStream in = FaultAgent.class.getClassLoader().getResourceAsStream(entry)) {
            jarOut.putNextEntry(new JarEntry(entry));
            in.transferTo(jarOut);
            jarOut.closeEntry();
        }
        VirtualMachine vm = VirtualMachine.attach(Long.toString(pid));
        try {
            vm.loadAgent(jar.toString(), fault);
        } catch (IOException e) {
            // The JVM may die of the fault before it answers; the test checks what happened.
            System.out.println("FatalErrorIT: loading the agent into pid " + pid + ": " + e);
        } finally {
            try {
                vm.detach();
            } catch (IOException ignored) {
                // already gone
            }
            Files.deleteIfExists(jar);
        }
    }

    /** Waits until the supervisor has started a new JVM and it is ready; returns its pid. */
    private static long awaitRestartedAndReady(long previous) {
        long[] pid = new long[1];
        await().atMost(RESTART).pollInterval(Duration.ofMillis(500)).ignoreExceptions().until(() -> {
            pid[0] = LocalSystem.process(SERVICE).pid();
            return pid[0] != previous;
        });
        awaitReady(RESTART);
        System.out.printf("FatalErrorIT: %s pid %d replaced by pid %d%n", SERVICE, previous, pid[0]);
        return pid[0];
    }

    private static void awaitReady(Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(500)).ignoreExceptions().until(() ->
                given().baseUri(BASE).get("/q/health/ready").statusCode() == 200);
    }

    private static String createStack() {
        String name = "fatal-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", TEMPLATE))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        return "/v1/demo/stacks/" + name + "/" + id;
    }

    private static JsonPath stack(String url) {
        return LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath();
    }

    private static void awaitStatus(String url, String status, Duration atMost) {
        await().atMost(atMost).pollInterval(Duration.ofMillis(500))
                .until(() -> status.equals(stack(url).getString("stack.stack_status")));
    }
}
