package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.testsupport.LayeredDeployments;
import io.hearth.testsupport.SimulatedCompute;
import io.restassured.path.json.JsonPath;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * A stack of 10 servers and 200 layered software deployments ({@link LayeredDeployments}) run through the
 * whole system while something goes wrong in the middle of it. {@link SimulatedCompute} plays the compute
 * driver, the agents and the signal gateway on the system's Kafka ({@link LocalSystem#kafka}), with a signal
 * delay so that the disruption lands while deployments are running. Afterwards the stack must have completed with
 * every deployment run exactly once, as a user checks it through the API, and it is deleted.
 */
final class LayeredStackRun {

    static final LayeredDeployments STACK = new LayeredDeployments(10, 20, 10);
    private static final Duration WAIT = Duration.ofMinutes(5);

    private LayeredStackRun() {
    }

    /**
     * @param prefix          the stack name's prefix
     * @param signalledBefore how many deployments are signalled before the disruption starts
     * @param disruption      what goes wrong; returns a line describing what it did, for the test's output
     */
    static void survives(String prefix, int signalledBefore, Supplier<String> disruption) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        try (SimulatedCompute compute = SimulatedCompute.builder(LocalSystem.kafka())
                .signalDelay(Duration.ofMillis(200), Duration.ofMillis(400))
                .outputs(LayeredDeployments.outputs()).start()) {
            long started = System.nanoTime();
            String id = LocalSystem.api().body(Map.of("stack_name", name, "template", STACK.hotTemplate()))
                    .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
            String url = "/v1/demo/stacks/" + name + "/" + id;

            await().atMost(WAIT).pollInterval(Duration.ofMillis(20))
                    .until(() -> compute.signals(id).size() >= signalledBefore);
            int signalledAtDisruption = compute.signals(id).size();
            String what = disruption.get();
            assertThat(signalledAtDisruption).as("deployments signalled when the disruption started; the stack"
                    + " must still be running for the test to mean anything").isLessThan(STACK.deployments());

            await().atMost(WAIT).pollInterval(Duration.ofMillis(500))
                    .until(() -> !"CREATE_IN_PROGRESS".equals(stack(url).getString("stack.stack_status")));
            JsonPath stack = stack(url);
            assertThat(stack.getString("stack.stack_status") + " " + stack.getString("stack.stack_status_reason"))
                    .isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
            System.out.printf("%s: %s after %d of %d deployments were signalled; CREATE_COMPLETE %.1f s after the"
                    + " create%n", prefix, what, signalledAtDisruption, STACK.deployments(),
                    (System.nanoTime() - started) / 1e9);

            // Every deployment was signalled exactly once: one deployment per resource, CREATE, generation 1.
            List<SimulatedCompute.Signal> signals = compute.signals(id);
            assertThat(signals).hasSize(STACK.deployments());
            assertThat(signals).extracting(SimulatedCompute.Signal::resourceName).doesNotHaveDuplicates();
            assertThat(signals).extracting(s -> s.run().deploymentId()).doesNotHaveDuplicates();
            assertThat(signals).extracting(s -> s.run().action() + " " + s.run().generation()).containsOnly("CREATE 1");
            Map<String, String> deploymentIds = signals.stream().collect(Collectors.toMap(
                    SimulatedCompute.Signal::resourceName, s -> s.run().deploymentId()));
            assertThat(compute.sightings().keySet()).filteredOn(r -> deploymentIds.containsValue(r.deploymentId()))
                    .extracting(r -> r.action() + " " + r.generation()).hasSize(STACK.deployments())
                    .containsOnly("CREATE 1");
            assertThat(compute.checkIns()).filteredOn(c -> c.stackId().equals(id)).hasSize(STACK.servers());
            assertThat(compute.errors()).isEmpty();

            // Every resource is complete; each deployment resource is the deployment that was signalled.
            JsonPath resources = LocalSystem.api().get(url + "/resources").then().statusCode(200).extract().jsonPath();
            assertThat(resources.getList("resources.resource_status", String.class))
                    .hasSize(STACK.resources()).containsOnly("CREATE_COMPLETE");
            for (int layer = 0; layer < STACK.layers(); layer++) {
                for (int chain = 0; chain < STACK.chains(); chain++) {
                    String deployment = STACK.deployment(layer, chain);
                    assertThat(resources.getString("resources.find { it.resource_name == '" + deployment
                            + "' }.physical_resource_id")).as(deployment).isEqualTo(deploymentIds.get(deployment));
                }
            }

            // The history holds one CREATE_IN_PROGRESS and one CREATE_COMPLETE per deployment, in that order.
            JsonPath events = LocalSystem.api().get(url + "/events?sort_dir=asc").then().statusCode(200).extract().jsonPath();
            List<String> names = events.getList("events.resource_name", String.class);
            List<String> statuses = events.getList("events.resource_status", String.class);
            Map<String, List<String>> history = new LinkedHashMap<>();
            for (int i = 0; i < names.size(); i++) {
                history.computeIfAbsent(names.get(i), n -> new ArrayList<>()).add(statuses.get(i));
            }
            for (String deployment : deploymentIds.keySet()) {
                assertThat(history.get(deployment)).as(deployment)
                        .containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");
            }

            // The values flowed through every chain, in order.
            for (int chain = 0; chain < STACK.chains(); chain++) {
                assertThat(stack.getString("stack.outputs.find { it.output_key == 'chain_" + chain
                        + "' }.output_value")).isEqualTo(STACK.expectedOutput(chain));
            }

            LocalSystem.api().delete(url).then().statusCode(204);
            await().atMost(WAIT).pollInterval(Duration.ofMillis(500))
                    .until(() -> "DELETE_COMPLETE".equals(stack(url).getString("stack.stack_status")));
            await().atMost(Duration.ofSeconds(60)).until(() -> compute.deleted().stream()
                    .filter(d -> d.stackId().equals(id)).count() == STACK.servers());
        }
    }

    private static JsonPath stack(String url) {
        return LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath();
    }
}
