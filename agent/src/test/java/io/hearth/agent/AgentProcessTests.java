package io.hearth.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.agent.hook.Item;
import io.hearth.agent.journal.Journal;
import io.hearth.agent.journal.JournalEntry;
import io.hearth.agent.journal.Phase;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The agent as its own JVM against a gateway played in the test, killed with SIGKILL and started again:
 * the hook runs once and the gateway gets one accepted result.
 */
class AgentProcessTests {

    private static final Duration WAIT = Duration.ofMinutes(3);

    @TempDir
    Path temp;
    FakeGateway gateway;
    Path state;
    Path marker;
    Path release;
    final List<Process> agents = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        gateway = new FakeGateway();
        state = temp.resolve("state");
        marker = temp.resolve("marker");
        release = temp.resolve("release");
    }

    @AfterEach
    void tearDown() throws Exception {
        Files.writeString(release, "go");
        for (Process agent : agents) {
            agent.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        gateway.close();
    }

    @Test
    void anAgentKilledWhileItsHookRunsDoesNotStartItAgainAndSignalsItsResultOnce() throws Exception {
        ObjectNode item = slowItem("d-killed");
        gateway.document(List.of(item));
        Process first = start("first");
        await("the hook to start", () -> Files.exists(marker));
        kill(first);

        start("second");
        await("the restarted agent to find the running hook", () -> log("second").contains("resuming"));
        Files.writeString(release, "go");
        await("the signal to be recorded", () -> phase(item) == Phase.SIGNALLED);

        assertThat(Files.readAllLines(marker)).as("starts of the hook").containsExactly("started");
        assertThat(gateway.signals()).singleElement().satisfies(s -> {
            assertThat(s.body().path("deploy_status_code").asInt()).isZero();
            assertThat(s.body().path("result").asText()).isEqualTo("done");
            assertThat(s.query()).endsWith("&action=CREATE&generation=1");
        });
        assertThat(gateway.polls()).anySatisfy(q -> assertThat(q)
                .contains("boot_id=").contains("address=127.0.0.5").contains("agent_version="));
    }

    @Test
    void aSignalNotAcceptedBeforeTheAgentWasKilledIsSentAfterItsRestart() throws Exception {
        AtomicBoolean accept = new AtomicBoolean();
        gateway.signalStatus(() -> accept.get() ? 200 : 503);
        Files.writeString(release, "go");
        ObjectNode item = slowItem("d-unsent");
        gateway.document(List.of(item));
        Process first = start("first");
        await("a refused signal", () -> !gateway.signals().isEmpty());
        kill(first);
        assertThat(phase(item)).isEqualTo(Phase.FINISHED);

        accept.set(true);
        start("second");
        await("the signal to be recorded", () -> phase(item) == Phase.SIGNALLED);

        assertThat(Files.readAllLines(marker)).containsExactly("started");
        assertThat(gateway.accepted()).hasSize(1);
        assertThat(gateway.signals()).allSatisfy(s -> assertThat(s.body().path("result").asText()).isEqualTo("done"));
    }

    @Test
    void theAgentStopsWhenItsServerIsDeleted() throws Exception {
        gateway.deleteServer();
        Process agent = start("only");
        assertThat(agent.waitFor(WAIT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(agent.exitValue()).isZero();
        assertThat(log("only")).contains("the server was deleted");
    }

    private ObjectNode slowItem(String id) {
        ObjectNode item = gateway.item(id, "script", "#!/bin/sh\necho started >> '" + marker + "'\n"
                + SlowHook.waitFor(release)
                + "printf done > \"$heat_outputs_path.result\"\n", 1, "TEMP_URL_SIGNAL");
        item.putArray("outputs").addObject().put("name", "result");
        return item;
    }

    private Process start(String name) throws IOException {
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path config = temp.resolve(name + ".conf");
        Files.writeString(config, "# what cloud-init would write\nmetadata_url=" + gateway.metadataUrl()
                + "\nstate_dir=" + state + "\naddress=127.0.0.5\n");
        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", classpath,
                AgentMain.class.getName(), "--config", config.toString())
                .redirectErrorStream(true)
                .redirectOutput(logFile(name).toFile())
                .start();
        agents.add(process);
        return process;
    }

    private static void kill(Process agent) throws InterruptedException {
        agent.destroyForcibly(); // SIGKILL
        assertThat(agent.waitFor(60, TimeUnit.SECONDS)).isTrue();
    }

    private Phase phase(ObjectNode item) {
        return new Journal(state.resolve("journal")).read(new Item(item).key()).map(JournalEntry::phase).orElse(null);
    }

    private Path logFile(String name) {
        return temp.resolve(name + ".log");
    }

    private String log(String name) {
        try {
            return Files.readString(logFile(name));
        } catch (IOException e) {
            return "";
        }
    }

    private void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what + "; agent logs:\n" + logs());
            }
            Thread.sleep(100);
        }
    }

    private String logs() {
        StringBuilder all = new StringBuilder();
        for (File file : temp.toFile().listFiles((d, n) -> n.endsWith(".log"))) {
            all.append("--- ").append(file.getName()).append('\n').append(log(file.getName().replace(".log", "")));
        }
        return all.toString();
    }
}
