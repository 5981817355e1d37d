package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
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
 * statement and write them with one, not a lock and a write per stack, also when each starts a deployment (whose
 * metric scope is read on the way, without writing the run's stacks first); a deployment whose config stays the
 * same takes it from memory, not the database.
 */
@QuarkusTest
@WithTestResource(StatementLog.class)
class SignalRunTests {

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    @RegisterExtension
    final TopicRecords compute = new TopicRecords(Topics.COMPUTE_SERVERS);

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    @Inject
    StackSignals signals;

    private static final String GATEWAY = "/hearth/signal-gateway";

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

    @Test
    void aRunOfCheckInsThatStartDeploymentsWritesItsStacksOnce() throws Throwable {
        Map<UUID, List<Signal>> run = new LinkedHashMap<>();
        for (int i = 0; i < 3; i++) {
            String id = UUID.randomUUID().toString();
            driver.create(id, serverWithDeployment("\"one\""));
            run.put(UUID.fromString(id), List.of(checkIn(id, awaitServer(id))));
        }

        VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(() -> signals.apply(run)));

        // each server's deployment started: its item rendered with its metric scope, a new stack's each time, whose
        // query wrote nothing first (a check-in moves no stack or group row it walks): the stacks and their rows are
        // written once all three are applied
        run.keySet().forEach(id -> await().atMost(WAIT).untilAsserted(() ->
                assertThat(driver.statesOf(id.toString(), "deployment")).containsExactly("CREATE_IN_PROGRESS")));
        List<List<String>> locking = StatementLog.transactions().stream().filter(t -> t.stream()
                .anyMatch(sql -> lower(sql).contains("stack_runtime") && lower(sql).contains("any(")
                        && lower(sql).contains("for update"))).toList();
        List<String> applied = locking.get(locking.size() - 1); // the run's: the last that locked several stacks
        assertThat(applied).anyMatch(sql -> lower(sql).contains("with recursive up"));
        List<String> lowered = applied.stream().map(SignalRunTests::lower).toList();
        int lastScope = -1;
        int firstWrite = -1;
        for (int i = 0; i < lowered.size(); i++) {
            if (lowered.get(i).contains("with recursive up")) {
                lastScope = i;
            } else if (firstWrite < 0 && (lowered.get(i).startsWith("update") || lowered.get(i).startsWith("insert"))
                    && (lowered.get(i).contains("stack_runtime") || lowered.get(i).contains("resource_runtime"))) {
                firstWrite = i;
            }
        }
        assertThat(firstWrite).as("the run's statements:\n%s", String.join("\n", applied))
                .isGreaterThan(lastScope);
        assertThat(lowered).filteredOn(sql -> sql.contains("with recursive up")).hasSize(3);
    }

    @Test
    void anUpdateThatKeepsItsDeploymentsConfigDoesNotReadTheConfigAgain() {
        String id = UUID.randomUUID().toString();
        driver.create(id, serverWithDeployment("\"one\""));
        String server = awaitServer(id);
        driver.publish(Topics.SIGNALS, id, CloudEvent.of(GATEWAY, id, new ServerCheckedIn(id, server, "10.0.0.5",
                "0.1.0", "boot-1", Instant.now())).toJson());
        DeploymentItem created = metadata.awaitItems(server, 1).get(0);
        driver.publish(Topics.SIGNALS, id, CloudEvent.of(GATEWAY, id, new DeploymentSignalled(id,
                created.deploymentId(), server, "CREATE", created.generation(), "ran", "", 0, Map.of(),
                Instant.now())).toJson());
        driver.awaitStatus(id, "CREATE_COMPLETE");
        int before = StatementLog.executed().size();

        driver.update(id, serverWithDeployment("\"two\""));

        await().atMost(WAIT).untilAsserted(() -> assertThat(ServerMetadataFeed.input(metadata.latestItem(server),
                "foo").asText()).isEqualTo("two"));
        List<String> update = StatementLog.executed().subList(before, StatementLog.executed().size()).stream()
                .map(StatementLog.Statement::sql).toList();
        assertThat(update).as("the update's statements:\n%s", String.join("\n", update))
                .anyMatch(sql -> lower(sql).startsWith("update") && lower(sql).contains("software_deployment"))
                .noneMatch(sql -> lower(sql).startsWith("select") && lower(sql).contains("software_config"));
    }

    /** A server, a config and a deployment of it on the server with the input {@code foo}. */
    private static StackPlan serverWithDeployment(String foo) {
        return plan(List.of(resource("server", "OS::Nova::Server", """
                        {"image": "fedora", "flavor": "m1.small", "user_data_format": "SOFTWARE_CONFIG"}"""),
                resource("config", "OS::Heat::SoftwareConfig", """
                        {"group": "script", "config": "#!/bin/sh\\necho $foo", "inputs": [{"name": "foo"}]}"""),
                resource("deployment", "OS::Heat::SoftwareDeployment", """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "server"},
                         "input_values": {"foo": %s}}""".formatted(foo), "config", "server")));
    }

    private String awaitServer(String id) {
        await().atMost(WAIT).until(() -> !ComputeRecords.creates(compute.records(), id).isEmpty());
        return ComputeRecords.creates(compute.records(), id).get(0).serverId();
    }

    private static Signal checkIn(String id, String server) {
        return new Signal.CheckIn(new ServerCheckedIn(id, server, "10.0.0.5", "0.1.0", "boot-1", Instant.now()));
    }

    private static String lower(String sql) {
        return sql.strip().toLowerCase(Locale.ROOT);
    }
}
