package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.SimulatedCompute;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A stack of 20 servers and 200 software deployments in ten layers over the real topics and database,
 * answered by {@link SimulatedCompute}: each deployment's input is the output of the deployment of the
 * layer before it in its chain, so a deployment scheduled too early would carry a wrong value along.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class LargeStackTests {

    private static final int SERVERS = 20;
    private static final int CHAINS = 20;
    private static final int LAYERS = 10;
    private static final Duration LONG_WAIT = Duration.ofSeconds(120);

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private StackDriver driver;
    private SimulatedCompute compute;

    @BeforeEach
    void listen() {
        driver = new StackDriver(kafka);
        // Each output carries the chain so far: the deployment's input, then its own name.
        compute = SimulatedCompute.builder(kafka.getBootstrapServers())
                .outputs((item, output) -> TextNode.valueOf(SimulatedCompute.input(item, "in") + ">"
                        + SimulatedCompute.input(item, "deploy_resource_name")))
                .start();
    }

    @AfterEach
    void stop() {
        compute.close();
        driver.close();
    }

    static String deployment(int layer, int chain) {
        return "d_" + layer + "_" + chain;
    }

    /** Servers, one config with input {@code in} and output {@code out}, and chains of deployments across servers. */
    static StackPlan largePlan() {
        List<PlannedResource> resources = new ArrayList<>();
        resources.add(resource("config", "OS::Heat::SoftwareConfig", """
                {"group": "script", "config": "#!/bin/sh\\necho \\"$in\\" > $heat_outputs_path.out",
                 "inputs": [{"name": "in"}], "outputs": [{"name": "out"}]}"""));
        for (int s = 0; s < SERVERS; s++) {
            resources.add(resource("server_" + s, "OS::Nova::Server", """
                    {"image": "fedora", "flavor": "m1.small", "user_data_format": "SOFTWARE_CONFIG"}"""));
        }
        for (int layer = 0; layer < LAYERS; layer++) {
            for (int chain = 0; chain < CHAINS; chain++) {
                String server = "server_" + (chain + layer) % SERVERS;
                String properties = """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "%s"},
                         "input_values": {"in": %s}}""".formatted(server, layer == 0 ? "\"seed_" + chain + "\""
                        : "{\"get_attr\": [\"" + deployment(layer - 1, chain) + "\", \"out\"]}");
                resources.add(layer == 0 ? resource(deployment(layer, chain), "OS::Heat::SoftwareDeployment",
                        properties, "config", server)
                        : resource(deployment(layer, chain), "OS::Heat::SoftwareDeployment", properties, "config",
                                server, deployment(layer - 1, chain)));
            }
        }
        List<String> outputs = new ArrayList<>();
        for (int chain = 0; chain < CHAINS; chain++) {
            outputs.add("chain_" + chain);
            outputs.add("{\"get_attr\": [\"" + deployment(LAYERS - 1, chain) + "\", \"out\"]}");
        }
        return plan(resources, outputs.toArray(String[]::new));
    }

    /** What the last deployment of a chain outputs: the seed and every deployment's name, in order. */
    static String chainValue(int chain) {
        StringBuilder value = new StringBuilder("seed_" + chain);
        for (int layer = 0; layer < LAYERS; layer++) {
            value.append('>').append(deployment(layer, chain));
        }
        return value.toString();
    }

    @Test
    void twoHundredLayeredDeploymentsEachRunOnceInDependencyOrderAndTheirValuesFlowToTheOutputs() {
        String id = UUID.randomUUID().toString();
        driver.create(id, largePlan());

        await().atMost(LONG_WAIT).until(() -> driver.statuses(id).stream()
                .anyMatch(s -> s.stackStatus().endsWith("_COMPLETE") || s.stackStatus().endsWith("_FAILED")));
        assertThat(driver.statuses(id)).extracting(s -> s.stackStatus() + " " + s.statusReason())
                .containsExactly("CREATE_IN_PROGRESS Stack CREATE started",
                        "CREATE_COMPLETE Stack CREATE completed successfully");
        assertThat(compute.checkIns()).filteredOn(c -> c.stackId().equals(id)).hasSize(SERVERS);

        // Every deployment was signalled once, for CREATE, generation 1, and never listed with another run.
        List<SimulatedCompute.Signal> signals = compute.signals(id);
        assertThat(signals).hasSize(LAYERS * CHAINS);
        assertThat(signals).extracting(SimulatedCompute.Signal::resourceName).doesNotHaveDuplicates();
        assertThat(signals).extracting(s -> s.run().action() + " " + s.run().generation()).containsOnly("CREATE 1");
        assertThat(signals).extracting(s -> s.run().deploymentId()).doesNotHaveDuplicates();
        Map<String, String> deploymentIds = signals.stream().collect(Collectors.toMap(
                SimulatedCompute.Signal::resourceName, s -> s.run().deploymentId()));
        assertThat(compute.sightings().keySet()).filteredOn(r -> deploymentIds.containsValue(r.deploymentId()))
                .hasSize(LAYERS * CHAINS).allSatisfy(r -> assertThat(r.action() + " " + r.generation())
                        .isEqualTo("CREATE 1"));
        assertThat(compute.errors()).isEmpty();

        // Each deployment resource went IN_PROGRESS then COMPLETE once, as the deployment that was signalled,
        // and started only after the deployment whose output it takes had completed.
        List<ResourceStatusChanged> events = driver.resources(id);
        Map<String, List<String>> states = new LinkedHashMap<>();
        Map<String, Integer> position = new LinkedHashMap<>();
        for (int i = 0; i < events.size(); i++) {
            ResourceStatusChanged e = events.get(i);
            String state = e.action() + "_" + e.status();
            states.computeIfAbsent(e.resourceName(), n -> new ArrayList<>()).add(state);
            position.put(e.resourceName() + " " + state, i);
            if (e.resourceName().startsWith("d_") && e.status().equals("COMPLETE")) {
                assertThat(e.physicalResourceId()).as(e.resourceName()).isEqualTo(deploymentIds.get(e.resourceName()));
            }
        }
        for (int layer = 0; layer < LAYERS; layer++) {
            for (int chain = 0; chain < CHAINS; chain++) {
                String name = deployment(layer, chain);
                assertThat(states.get(name)).as(name).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
                if (layer > 0) {
                    assertThat(position.get(name + " CREATE_IN_PROGRESS")).as(name)
                            .isGreaterThan(position.get(deployment(layer - 1, chain) + " CREATE_COMPLETE"));
                }
            }
        }
        for (int chain = 0; chain < CHAINS; chain++) {
            assertThat(driver.outputs(id).get("chain_" + chain).asText()).isEqualTo(chainValue(chain));
        }
    }
}
