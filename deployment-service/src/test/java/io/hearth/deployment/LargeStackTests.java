package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.plan;
import static io.hearth.deployment.StackDriver.resource;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.plan.PlannedResource;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.ResourceStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.LayeredDeployments;
import io.hearth.testsupport.SimulatedCompute;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
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
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A stack of 20 servers and 200 software deployments in ten layers ({@link LayeredDeployments}) over the
 * real topics and database, answered by {@link SimulatedCompute}: each deployment's input is the output of
 * the deployment of the layer before it in its chain, so a deployment scheduled too early would carry a
 * wrong value along.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class LargeStackTests {

    private static final LayeredDeployments STACK = new LayeredDeployments(20, 20, 10);
    private static final Duration LONG_WAIT = Duration.ofSeconds(120);

    @RegisterExtension
    final StackDriver driver = new StackDriver();

    private SimulatedCompute compute;

    @BeforeEach
    void startCompute() {
        // Each output carries the chain so far: the deployment's input, then its own name.
        compute = SimulatedCompute.builder(driver.bootstrapServers()).outputs(LayeredDeployments.outputs()).start();
    }

    @AfterEach
    void stopCompute() {
        compute.close();
    }

    /** The plan template-service makes of {@code STACK.hotTemplate()}, written out here. */
    static StackPlan largePlan() {
        List<PlannedResource> resources = new ArrayList<>();
        resources.add(resource("config", "OS::Heat::SoftwareConfig", """
                {"group": "script", "config": "#!/bin/sh\\necho \\"$in\\" > $heat_outputs_path.out",
                 "inputs": [{"name": "in"}], "outputs": [{"name": "out"}]}"""));
        for (int s = 0; s < STACK.servers(); s++) {
            resources.add(resource("server_" + s, "OS::Nova::Server", """
                    {"image": "fedora", "flavor": "m1.small", "user_data_format": "SOFTWARE_CONFIG"}"""));
        }
        for (int layer = 0; layer < STACK.layers(); layer++) {
            for (int chain = 0; chain < STACK.chains(); chain++) {
                String server = STACK.server(layer, chain);
                String properties = """
                        {"config": {"get_resource": "config"}, "server": {"get_resource": "%s"},
                         "input_values": {"in": %s}}""".formatted(server, layer == 0 ? "\"seed_" + chain + "\""
                        : "{\"get_attr\": [\"" + STACK.deployment(layer - 1, chain) + "\", \"out\"]}");
                resources.add(layer == 0 ? resource(STACK.deployment(layer, chain), "OS::Heat::SoftwareDeployment",
                        properties, "config", server)
                        : resource(STACK.deployment(layer, chain), "OS::Heat::SoftwareDeployment", properties, "config",
                                server, STACK.deployment(layer - 1, chain)));
            }
        }
        List<String> outputs = new ArrayList<>();
        for (int chain = 0; chain < STACK.chains(); chain++) {
            outputs.add("chain_" + chain);
            outputs.add("{\"get_attr\": [\"" + STACK.deployment(STACK.layers() - 1, chain) + "\", \"out\"]}");
        }
        return plan(resources, outputs.toArray(String[]::new));
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
        assertThat(compute.checkIns()).filteredOn(c -> c.stackId().equals(id)).hasSize(STACK.servers());

        // Every deployment was signalled once, for CREATE, generation 1, and never listed with another run.
        List<SimulatedCompute.Signal> signals = compute.signals(id);
        assertThat(signals).hasSize(STACK.deployments());
        assertThat(signals).extracting(SimulatedCompute.Signal::resourceName).doesNotHaveDuplicates();
        assertThat(signals).extracting(s -> s.run().action() + " " + s.run().generation()).containsOnly("CREATE 1");
        assertThat(signals).extracting(s -> s.run().deploymentId()).doesNotHaveDuplicates();
        Map<String, String> deploymentIds = signals.stream().collect(Collectors.toMap(
                SimulatedCompute.Signal::resourceName, s -> s.run().deploymentId()));
        assertThat(compute.sightings().keySet()).filteredOn(r -> deploymentIds.containsValue(r.deploymentId()))
                .hasSize(STACK.deployments()).allSatisfy(r -> assertThat(r.action() + " " + r.generation())
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
        for (int layer = 0; layer < STACK.layers(); layer++) {
            for (int chain = 0; chain < STACK.chains(); chain++) {
                String name = STACK.deployment(layer, chain);
                assertThat(states.get(name)).as(name).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
                if (layer > 0) {
                    assertThat(position.get(name + " CREATE_IN_PROGRESS")).as(name)
                            .isGreaterThan(position.get(STACK.deployment(layer - 1, chain) + " CREATE_COMPLETE"));
                }
            }
        }
        for (int chain = 0; chain < STACK.chains(); chain++) {
            assertThat(driver.outputs(id).get("chain_" + chain).asText()).isEqualTo(STACK.expectedOutput(chain));
        }
    }
}
