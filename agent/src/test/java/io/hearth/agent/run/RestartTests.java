package io.hearth.agent.run;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.agent.FakeGateway;
import io.hearth.agent.SlowHook;
import io.hearth.agent.hook.HookLauncher;
import io.hearth.agent.hook.Item;
import io.hearth.agent.hook.ProcessProbe;
import io.hearth.agent.journal.JournalEntry;
import io.hearth.agent.journal.Phase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An agent stopped while its hook runs (its thread interrupted, as a killed agent leaves the journal), then
 * a new runner on the same journal: it never starts the hook again.
 */
class RestartTests {

    @TempDir
    Path temp;
    FakeGateway gateway;
    RunnerFixture fixture;
    Path marker;
    Path release;
    ObjectNode item;

    @BeforeEach
    void setUp() throws Exception {
        gateway = new FakeGateway();
        fixture = new RunnerFixture(temp, gateway);
        marker = temp.resolve("marker");
        release = temp.resolve("release");
        item = gateway.item("d-slow", "script", "#!/bin/sh\necho started >> '" + marker + "'\n"
                + SlowHook.waitFor(release) + "echo finished\n", 1, "TEMP_URL_SIGNAL");
    }

    @AfterEach
    void tearDown() throws Exception {
        Files.writeString(release, "go"); // never leave a hook waiting
        // ... nor one still writing its exit file into the journal while JUnit deletes the folder (seen once)
        Path dir = fixture.journal().entryDir(new Item(item).key());
        Path pidFile = dir.resolve(HookLauncher.PID);
        if (Files.exists(pidFile)) {
            long pid = Long.parseLong(Files.readString(pidFile).trim());
            RunnerFixture.await("the hook's process to end", () -> !ProcessProbe.alive(pid, dir.toString()));
        }
        gateway.close();
    }

    @Test
    void aHookThatEndedWhileTheAgentWasDownIsReadAndSignalledOnce() throws Exception {
        stopAgentWhileTheHookRuns();
        Files.writeString(release, "go");
        Path exit = fixture.journal().entryDir(new Item(item).key()).resolve(HookLauncher.EXIT);
        RunnerFixture.await("the hook's exit file", () -> Files.exists(exit));

        fixture.runner("boot-1").handle(new Item(item));

        assertThat(Files.readAllLines(marker)).containsExactly("started");
        assertThat(gateway.accepted()).singleElement().satisfies(s -> {
            assertThat(s.query()).endsWith("&action=CREATE&generation=1");
            assertThat(s.body().path("deploy_stdout").asText()).isEqualTo("finished\n");
            assertThat(s.body().path("deploy_status_code").asInt()).isZero();
        });
        assertThat(entry().phase()).isEqualTo(Phase.SIGNALLED);
    }

    @Test
    void aRestartedAgentWaitsForTheRunningHookInsteadOfStartingItAgain() throws Exception {
        stopAgentWhileTheHookRuns();
        Thread second = new Thread(() -> handle("boot-1"));
        second.start();
        Files.writeString(release, "go");
        second.join();

        assertThat(Files.readAllLines(marker)).containsExactly("started");
        assertThat(gateway.accepted()).singleElement()
                .satisfies(s -> assertThat(s.body().path("deploy_status_code").asInt()).isZero());
    }

    @Test
    void aRebootWhileTheHookRanIsSignalledFailedAndNotRunAgain() throws Exception {
        stopAgentWhileTheHookRuns();

        fixture.runner("boot-2").handle(new Item(item));

        assertThat(Files.readAllLines(marker)).containsExactly("started");
        assertThat(gateway.accepted()).singleElement().satisfies(s -> {
            assertThat(s.body().path("deploy_status_code").asInt()).isNotZero();
            assertThat(s.body().path("deploy_stderr").asText()).contains("rebooted while the hook ran");
        });
    }

    @Test
    void aHookProcessGoneWithoutAnExitStatusIsSignalledFailed() throws Exception {
        stopAgentWhileTheHookRuns();
        Path dir = fixture.journal().entryDir(new Item(item).key());
        long pid = Long.parseLong(Files.readString(dir.resolve(HookLauncher.PID)).trim());
        ProcessProbe.killGroup(pid, dir.toString(), 0);

        fixture.runner("boot-1").handle(new Item(item));

        assertThat(Files.readAllLines(marker)).containsExactly("started");
        assertThat(gateway.accepted()).singleElement().satisfies(s -> {
            assertThat(s.body().path("deploy_status_code").asInt()).isNotZero();
            assertThat(s.body().path("deploy_stderr").asText()).contains("ended without an exit status");
        });
    }

    @Test
    void aSignalRefusedForGoodIsAbandonedAndOneRetriedUntilAccepted() throws Exception {
        gateway.signalStatus(() -> 403);
        Files.writeString(release, "go");
        fixture.runner("boot-1").handle(new Item(item));
        assertThat(entry().phase()).isEqualTo(Phase.ABANDONED);
        assertThat(entry().signalStatus()).isEqualTo(403);
        assertThat(gateway.signals()).hasSize(1);

        AtomicInteger calls = new AtomicInteger();
        gateway.signalStatus(() -> calls.incrementAndGet() == 1 ? 503 : 200);
        ObjectNode next = gateway.item("d-slow", "script", item.path("config").asText(), 2, "TEMP_URL_SIGNAL");
        fixture.runner("boot-1").handle(new Item(next));
        assertThat(gateway.signals()).extracting(FakeGateway.Signal::status).containsExactly(403, 503, 200);
        assertThat(fixture.journal().read(new Item(next).key()).orElseThrow().phase()).isEqualTo(Phase.SIGNALLED);
    }

    /** Starts the run in a thread and interrupts it once the hook wrote its marker. */
    private void stopAgentWhileTheHookRuns() throws Exception {
        Thread first = new Thread(() -> handle("boot-1"));
        first.start();
        RunnerFixture.await("the hook to start", () -> Files.exists(marker));
        first.interrupt();
        first.join();
        assertThat(entry().phase()).isEqualTo(Phase.STARTED);
    }

    private void handle(String bootId) {
        try {
            fixture.runner(bootId).handle(new Item(item));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private JournalEntry entry() {
        return fixture.journal().read(new Item(item).key()).orElseThrow();
    }
}
