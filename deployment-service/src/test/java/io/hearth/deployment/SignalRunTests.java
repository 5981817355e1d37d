package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.deployment.engine.StackSignals;
import io.hearth.deployment.spi.Signal;
import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.vertx.VertxContextSupport;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A run of signals for several stacks is applied as one set (the statements PostgreSQL receives,
 * {@link StatementLog}): three servers' check-ins, each completing its stack, lock the three stacks with one
 * statement and write them with one, not a lock and a write per stack.
 */
@QuarkusTest
@WithTestResource(StatementLog.class)
class SignalRunTests {

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final TopicRecords compute = new TopicRecords(Topics.COMPUTE_SERVERS);

    @Inject
    StackSignals signals;

    @Test
    void aRunOfCheckInsLocksAndWritesItsStacksOnce() throws Throwable {
        Map<UUID, List<Signal>> run = new LinkedHashMap<>();
        for (int i = 0; i < 3; i++) {
            String id = UUID.randomUUID().toString();
            driver.create(id, plan(List.of(resource("server", "OS::Nova::Server",
                    "{\"image\": \"fedora\", \"flavor\": \"m1.small\"}"))));
            await().atMost(WAIT).until(() -> !ComputeRecords.creates(compute.records(), id).isEmpty());
            ServerSpec server = ComputeRecords.creates(compute.records(), id).get(0);
            run.put(UUID.fromString(id), List.of(new Signal.CheckIn(new ServerCheckedIn(id, server.serverId(),
                    "10.0.0.5", "0.1.0", "boot-1", Instant.now()))));
        }

        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> signals.apply(run)));

        run.keySet().forEach(id -> driver.awaitStatus(id.toString(), "CREATE_COMPLETE"));
        List<List<String>> written = StatementLog.transactions().stream().filter(t -> t.stream()
                .anyMatch(sql -> lower(sql).startsWith("update") && lower(sql).contains("stack_runtime"))).toList();
        List<String> applied = written.get(written.size() - 1); // the run's: the last that wrote stacks
        assertThat(applied).as("the run's statements:\n%s", String.join("\n", applied))
                .filteredOn(sql -> lower(sql).contains("stack_runtime") && lower(sql).contains("for update"))
                .hasSize(1);
        assertThat(applied).filteredOn(sql -> lower(sql).startsWith("update") && lower(sql).contains("stack_runtime"))
                .hasSize(1);
    }

    private static String lower(String sql) {
        return sql.strip().toLowerCase(Locale.ROOT);
    }
}
