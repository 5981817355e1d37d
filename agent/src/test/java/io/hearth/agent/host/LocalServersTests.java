package io.hearth.agent.host;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.agent.FakeGateway;
import io.hearth.agent.Instance;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.envelope.HearthJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Host mode's servers without Kafka: the commands applied directly. */
class LocalServersTests {

    @TempDir
    Path temp;
    FakeGateway gateway;
    LocalServers servers;

    @BeforeEach
    void setUp() throws Exception {
        gateway = new FakeGateway();
        servers = new LocalServers(temp, List.of(temp.resolve("hooks")), Instance.httpClient());
        servers.resumeAll();
    }

    @AfterEach
    void tearDown() {
        servers.close();
        gateway.close();
    }

    @Test
    void aServerGetsItsOwnFolderAddressAndBootIdAndARepeatedCreateChangesNothing() throws Exception {
        assertThat(servers.create(create(FakeGateway.SERVER))).isTrue();
        assertThat(servers.create(create("srv-2"))).isTrue();
        ServerRecord first = record(FakeGateway.SERVER);
        ServerRecord second = record("srv-2");
        assertThat(first.address()).matches("127\\.0\\.\\d+\\.\\d+").isNotEqualTo("127.0.0.1")
                .isNotEqualTo(second.address());
        assertThat(first.bootId()).isNotBlank().isNotEqualTo(second.bootId());

        assertThat(servers.create(create(FakeGateway.SERVER))).isFalse();
        assertThat(record(FakeGateway.SERVER)).isEqualTo(first);
        await("a check-in from the server's address", () -> gateway.polls().stream()
                .anyMatch(q -> q.contains("address=" + first.address()) && q.contains("boot_id=" + first.bootId())));

        servers.close();
        servers = new LocalServers(temp, List.of(), Instance.httpClient());
        servers.resumeAll();
        assertThat(servers.running()).containsExactlyInAnyOrder(FakeGateway.SERVER, "srv-2");
        assertThat(record(FakeGateway.SERVER)).isEqualTo(first);
    }

    @Test
    void deletingAServerStopsItsRunningHookAndRemovesItsFolder() throws Exception {
        Path marker = temp.resolve("marker");
        ObjectNode item = gateway.item("d-forever", "script", "#!/bin/sh\necho \"$HEARTH_SERVER_ADDRESS\" > '"
                + marker + "'\nwhile true; do sleep 0.1; done\n", 1, "TEMP_URL_SIGNAL");
        gateway.document(List.of(item));
        servers.create(create(FakeGateway.SERVER));
        await("the hook to start", () -> Files.exists(marker));
        assertThat(Files.readString(marker).strip()).isEqualTo(record(FakeGateway.SERVER).address());
        Path dir = servers.dir(FakeGateway.SERVER);
        long pid = Long.parseLong(Files.readString(dir.resolve("journal/d-forever_CREATE_1/pid")).strip());

        assertThat(servers.delete(FakeGateway.SERVER)).isTrue();

        assertThat(dir).doesNotExist();
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(servers.running()).isEmpty();
        assertThat(servers.delete(FakeGateway.SERVER)).isFalse();
        assertThat(gateway.signals()).isEmpty();
    }

    @Test
    void aSuspendedServerStopsItsAgentAndProcessesUntilResumedEvenAcrossAHostRestart() throws Exception {
        Path marker = temp.resolve("marker");
        // The hook starts a service from the server's folder (its work folder) and ends, as a real one would.
        ObjectNode item = gateway.item("d-service", "script", "#!/bin/sh\nprintf 'while true; do sleep 0.1; done\\n'"
                + " > \"$PWD/service.sh\"\nnohup sh \"$PWD/service.sh\" >/dev/null 2>&1 &\necho $! > '" + marker
                + "'\n", 1, "TEMP_URL_SIGNAL");
        gateway.document(List.of(item));
        servers.create(create(FakeGateway.SERVER));
        await("the service to start", () -> Files.exists(marker) && !readQuietly(marker).isBlank());
        long pid = Long.parseLong(readQuietly(marker).strip());
        await("the hook to signal", () -> !gateway.signals().isEmpty());

        assertThat(servers.suspend(FakeGateway.SERVER)).isTrue();
        assertThat(servers.running()).isEmpty();
        await("its process to be stopped", () -> "T".equals(state(pid)));
        int polls = gateway.polls().size();

        // The host restarts: the server stays suspended.
        servers.close();
        servers = new LocalServers(temp, List.of(temp.resolve("hooks")), Instance.httpClient());
        servers.resumeAll();
        assertThat(servers.running()).isEmpty();
        Thread.sleep(300);
        assertThat(gateway.polls()).hasSize(polls);
        assertThat(state(pid)).isEqualTo("T");

        assertThat(servers.resume(FakeGateway.SERVER)).isTrue();
        assertThat(servers.running()).containsExactly(FakeGateway.SERVER);
        await("its process to go on", () -> !"T".equals(state(pid)));
        await("its agent to poll again", () -> gateway.polls().size() > polls);
        assertThat(servers.resume(FakeGateway.SERVER)).isFalse(); // running: nothing to resume
        assertThat(servers.suspend("nobody")).isFalse();
        ProcessHandle.of(pid).ifPresent(ProcessHandle::destroy);
    }

    private static String readQuietly(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return "";
        }
    }

    /** A process's state letter from {@code /proc/<pid>/stat} (T: stopped), or null when it is gone. */
    private static String state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            return stat.substring(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
        } catch (java.io.IOException e) {
            return null;
        }
    }

    private ServerSpec create(String serverId) {
        return new ServerSpec(serverId, FakeGateway.STACK, "demo", "vm", "local", "local",
                gateway.metadataUrl(), null);
    }

    private ServerRecord record(String serverId) throws Exception {
        return HearthJson.mapper().readValue(servers.dir(serverId).resolve(ServerRecord.FILE).toFile(),
                ServerRecord.class);
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
    }
}
