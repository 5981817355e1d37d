package io.hearth.agent.run;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.agent.FakeGateway;
import io.hearth.agent.Instance;
import io.hearth.agent.hook.Hooks;
import io.hearth.agent.hook.Item;
import io.hearth.agent.journal.Journal;
import io.hearth.agent.journal.JournalEntry;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

/** A server's runner in a temp folder, with a fake gateway for signals. */
final class RunnerFixture {

    final Path state;
    final Path hooksDir;
    final FakeGateway gateway;

    RunnerFixture(Path temp, FakeGateway gateway) throws Exception {
        this.state = temp.resolve("server");
        this.hooksDir = temp.resolve("hooks");
        Files.createDirectories(hooksDir);
        this.gateway = gateway;
    }

    ServerContext server(String bootId) {
        return new ServerContext(FakeGateway.SERVER, "127.0.0.9", bootId, URI.create(gateway.metadataUrl()), state,
                List.of(hooksDir), Map.of("PATH", System.getenv("PATH")));
    }

    Journal journal() {
        return new Journal(state.resolve("journal"));
    }

    DeploymentRunner runner(String bootId) {
        return new DeploymentRunner(server(bootId), journal(), new Hooks(List.of(hooksDir)),
                new SignalClient(Instance.httpClient(), "test"));
    }

    /** A runner that also watches the fake gateway's metadata for a cancel while a hook runs, as the agent's does. */
    DeploymentRunner watchingRunner(String bootId) {
        ServerContext server = server(bootId);
        return new DeploymentRunner(server, journal(), new Hooks(List.of(hooksDir)),
                new SignalClient(Instance.httpClient(), "test"), new MetadataClient(Instance.httpClient(), server));
    }

    /** Runs an item to its end and returns its journal entry. */
    JournalEntry run(ObjectNode item) throws Exception {
        runner("boot-1").handle(new Item(item));
        return journal().read(new Item(item).key()).orElseThrow();
    }

    ObjectNode item(String id, String group, String config) {
        return gateway.item(id, group, config, 1, "NO_SIGNAL");
    }

    static ArrayNode inputs(ObjectNode item) {
        return (ArrayNode) item.get("inputs");
    }

    static void outputs(ObjectNode item, String... names) {
        ArrayNode outputs = item.putArray("outputs");
        for (String name : names) {
            outputs.addObject().put("name", name);
        }
    }

    /** Waits (up to 2 minutes: a slow machine) until {@code condition} holds. */
    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + what);
            }
            Thread.sleep(50);
        }
    }
}
