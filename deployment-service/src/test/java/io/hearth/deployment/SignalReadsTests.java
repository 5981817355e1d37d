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
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.deployment.repository.StackRuntimeRepository;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A hook's result is applied reading each row once: the statements PostgreSQL receives in the signal's transaction
 * ({@link StatementLog}) read the stack, its resources, the deployments, the configs and the server's metadata row
 * with at most one statement per table, though the signal completes one deployment and starts the next on the same
 * server with a config of its own, and the stack is not in the tree cache (as after a restart or a rebalance).
 */
@QuarkusTest
@WithTestResource(StatementLog.class)
class SignalReadsTests {

    private static final String GATEWAY = "/hearth/signal-gateway";
    /** The tables a signal's application reads rows of, and a statement's tables (after from, join, update). */
    private static final List<String> ROWS = List.of("stack_runtime", "resource_runtime", "software_deployment",
            "software_config", "server_metadata");
    private static final Pattern TABLES = Pattern.compile("\\b(?:from|join)\\s+(?:\\w+\\.)?(\\w+)");

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    /** Its tree cache, emptied before the signal. */
    @Inject
    StackRuntimeRepository stacks;

    @RegisterExtension
    final TopicRecords compute = new TopicRecords(Topics.COMPUTE_SERVERS);

    @RegisterExtension
    final ServerMetadataFeed metadata = new ServerMetadataFeed();

    /** A server and two deployments on it, each of its own config, the second after the first. */
    private static StackPlan twoDeployments() {
        return plan(List.of(resource("server", "OS::Nova::Server", """
                        {"image": "fedora", "flavor": "m1.small", "user_data_format": "SOFTWARE_CONFIG"}"""),
                config("first_config"), config("second_config"),
                deployment("first", "\"one\""),
                deployment("second", "{\"get_attr\": [\"first\", \"result\"]}", "first")),
                "second_result", "{\"get_attr\": [\"second\", \"result\"]}");
    }

    private static PlannedResource config(String name) {
        return resource(name, "OS::Heat::SoftwareConfig", """
                {"group": "script", "config": "#!/bin/sh\\necho %s $foo", "inputs": [{"name": "foo"}],
                 "outputs": [{"name": "result"}]}""".formatted(name));
    }

    /** A deployment of the config named after it, on the server, after {@code after}. */
    private static PlannedResource deployment(String name, String foo, String... after) {
        List<String> dependsOn = new ArrayList<>(List.of(name + "_config", "server"));
        dependsOn.addAll(List.of(after));
        return resource(name, "OS::Heat::SoftwareDeployment", """
                {"config": {"get_resource": "%s_config"}, "server": {"get_resource": "server"},
                 "input_values": {"foo": %s}}""".formatted(name, foo), dependsOn.toArray(String[]::new));
    }

    @Test
    void aHookResultReadsEachRowOnce() {
        String id = UUID.randomUUID().toString();
        driver.create(id, twoDeployments());
        await().atMost(WAIT).until(() -> !ComputeRecords.creates(compute.records(), id).isEmpty());
        ServerSpec server = ComputeRecords.creates(compute.records(), id).get(0);
        send(id, CloudEvent.of(GATEWAY, id, new ServerCheckedIn(id, server.serverId(), "10.0.0.5", "0.1.0", "boot-1",
                Instant.now())));
        DeploymentItem first = metadata.awaitItems(server.serverId(), 1).get(0);
        await().atMost(WAIT).untilAsserted(() ->
                assertThat(driver.statesOf(id, "first")).containsExactly("CREATE_IN_PROGRESS"));
        stacks.retainTrees(tree -> false); // the stack is read from the database, not taken from the tree cache

        send(id, CloudEvent.of(GATEWAY, id, new DeploymentSignalled(id, first.deploymentId(), server.serverId(),
                "CREATE", first.generation(), "ran one", "", 0, Map.of("result", HearthJson.readTree("\"r1\"")),
                Instant.now())));

        metadata.awaitItems(server.serverId(), 2); // the second deployment reached its server: the signal is applied
        List<String> applied = StatementLog.transactions().stream()
                .filter(t -> t.stream().anyMatch(sql -> sql.toLowerCase(Locale.ROOT).contains("deployment_signal")))
                .findFirst().orElseThrow();
        Map<String, List<String>> reads = new TreeMap<>();
        for (String sql : applied) {
            String statement = sql.strip().toLowerCase(Locale.ROOT);
            if (!statement.startsWith("select")) {
                continue; // a write reads the rows it writes, which the transaction holds already
            }
            Matcher tables = TABLES.matcher(statement);
            while (tables.find()) {
                if (ROWS.contains(tables.group(1))) {
                    reads.computeIfAbsent(tables.group(1), table -> new ArrayList<>()).add(sql);
                }
            }
        }
        assertThat(reads).as("the statements of the signal's transaction that read each table:\n%s",
                String.join("\n", applied)).allSatisfy((table, statements) -> assertThat(statements).hasSize(1));
        assertThat(reads).containsKeys("stack_runtime", "resource_runtime", "software_deployment", "software_config",
                "server_metadata");
    }

    private void send(String key, CloudEvent event) {
        driver.publish(Topics.SIGNALS, key, event.toJson());
    }
}
