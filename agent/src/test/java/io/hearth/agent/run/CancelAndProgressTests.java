package io.hearth.agent.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.agent.FakeGateway;
import io.hearth.agent.SlowHook;
import io.hearth.agent.hook.HookLauncher;
import io.hearth.agent.hook.Item;
import io.hearth.agent.hook.ProcessProbe;
import io.hearth.agent.journal.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A hook's progress lines ({@code $HEARTH_PROGRESS_FILE}) sent as progress reports before its signal, and a run
 * cancelled through the API (its item {@code "cancelled": true} in the server's metadata): stopped while it runs,
 * never started when it was cancelled first; each signalled FAILED once.
 */
class CancelAndProgressTests {

    @TempDir
    Path temp;
    FakeGateway gateway;
    RunnerFixture fixture;
    Path marker;
    Path release;

    @BeforeEach
    void setUp() throws Exception {
        gateway = new FakeGateway();
        fixture = new RunnerFixture(temp, gateway);
        marker = temp.resolve("marker");
        release = temp.resolve("release");
    }

    @AfterEach
    void tearDown() throws Exception {
        Files.writeString(release, "go"); // never leave a hook waiting
        gateway.close();
    }

    @Test
    void progressLinesAreReportedBeforeTheSignal() throws Exception {
        ObjectNode item = gateway.item("d-progress", "script", """
                #!/bin/sh
                echo "40 copied 4 of 10 tables" >> "$HEARTH_PROGRESS_FILE"
                sleep 0.5
                echo "75% almost" >> "$HEARTH_PROGRESS_FILE"
                printf 'half a line' >> "$HEARTH_PROGRESS_FILE"
                echo " then the rest" >> "$HEARTH_PROGRESS_FILE"
                echo done
                """, 1, "TEMP_URL_SIGNAL");

        fixture.watchingRunner("boot-1").handle(new Item(item));

        List<FakeGateway.Signal> sent = gateway.accepted();
        assertThat(sent).hasSize(4);
        assertThat(sent).allSatisfy(s -> assertThat(s.query()).endsWith("&action=CREATE&generation=1"));
        assertThat(sent.subList(0, 3)).extracting(s -> s.body().toString()).containsExactly(
                "{\"deploy_status\":\"IN_PROGRESS\",\"deploy_status_reason\":\"copied 4 of 10 tables\","
                        + "\"deploy_progress\":40}",
                "{\"deploy_status\":\"IN_PROGRESS\",\"deploy_status_reason\":\"almost\",\"deploy_progress\":75}",
                "{\"deploy_status\":\"IN_PROGRESS\",\"deploy_status_reason\":\"half a line then the rest\"}");
        assertThat(sent.get(3).body().path("deploy_status_code").asInt()).isZero();
        assertThat(sent.get(3).body().path("deploy_stdout").asText()).isEqualTo("done\n");
    }

    @Test
    void aRunCancelledWhileItsHookRunsIsStoppedAndSignalledFailed() throws Exception {
        ObjectNode item = gateway.item("d-cancel", "script", "#!/bin/sh\necho started >> '" + marker + "'\n"
                + SlowHook.waitFor(release) + "echo finished >> '" + marker + "'\n",
                1, "TEMP_URL_SIGNAL");
        gateway.document(List.of(item));
        Thread agent = new Thread(() -> {
            try {
                fixture.watchingRunner("boot-1").handle(new Item(item));
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        agent.start();
        RunnerFixture.await("the hook to start", () -> Files.exists(marker));
        Path runDir = fixture.journal().entryDir(new Item(item).key());
        long pid = Long.parseLong(Files.readString(runDir.resolve(HookLauncher.PID)).trim());

        gateway.document(List.of(item.deepCopy().put("cancelled", true)));
        agent.join(120_000);

        assertThat(agent.isAlive()).isFalse();
        assertThat(ProcessProbe.alive(pid, runDir.toString())).as("the hook's process group was stopped").isFalse();
        assertThat(Files.readAllLines(marker)).containsExactly("started");
        assertThat(gateway.accepted()).singleElement().satisfies(s -> {
            assertThat(s.body().path("deploy_status_code").asInt()).isEqualTo(1);
            assertThat(s.body().path("deploy_stderr").asText())
                    .startsWith("cancelled through the API (its processes were stopped)");
        });
        assertThat(fixture.journal().read(new Item(item).key()).orElseThrow().phase()).isEqualTo(Phase.SIGNALLED);
    }

    @Test
    void aRunCancelledBeforeItStartedIsNotRun() throws Exception {
        ObjectNode item = gateway.item("d-early", "script", "#!/bin/sh\necho ran >> '" + marker + "'\n", 1,
                "TEMP_URL_SIGNAL").put("cancelled", true);

        fixture.watchingRunner("boot-1").handle(new Item(item));

        assertThat(marker).doesNotExist();
        assertThat(gateway.accepted()).singleElement().satisfies(s -> assertThat(s.body().path("deploy_stderr")
                .asText()).isEqualTo("cancelled through the API before it started; it was not run"));
    }
}
