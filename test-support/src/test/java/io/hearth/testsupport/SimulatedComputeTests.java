package io.hearth.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.compute.v1.ServerReported;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.deployment.v1.DeploymentInput;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.deployment.v1.ServerMetadata;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.hearth.testsupport.SimulatedCompute.Run;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The simulator on the real in-process broker: the test plays deployment-service (publishes servers' desired
 * states and metadata documents) and reads what the simulator publishes on {@code hearth.signals} and
 * {@code hearth.compute.status}.
 */
class SimulatedComputeTests {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static KafkaCompanion kafka;

    private final String stackId = UUID.randomUUID().toString();
    private ConsumerTask<String, String> signals;
    private ConsumerTask<String, String> reports;

    @BeforeAll
    static void broker() {
        kafka = new KafkaCompanion(TestInfrastructure.get().kafkaBootstrapServers());
    }

    @AfterAll
    static void stopBroker() {
        kafka.close();
        TestInfrastructure.stop();
    }

    @BeforeEach
    void listen() {
        signals = kafka.consumeStrings().fromTopics(Topics.SIGNALS);
        reports = kafka.consumeStrings().fromTopics(Topics.COMPUTE_STATUS);
    }

    @AfterEach
    void stop() {
        signals.close();
        reports.close();
    }

    @Test
    void anAgentsRecordsAreKeyedByTheStackTreeItsUrlNamesAsTheGatewayKeysThem() {
        String tree = UUID.randomUUID().toString();
        assertThat(SimulatedCompute.tree("http://127.0.0.1:8006/v1/trees/" + tree + "/stacks/" + stackId
                + "/servers/x/metadata?kid=k1", stackId)).isEqualTo(tree);
        assertThat(SimulatedCompute.tree("http://127.0.0.1:8006/v1/signal/trees/" + tree + "/deployments/d?kid=k1",
                stackId)).isEqualTo(tree);
        assertThat(SimulatedCompute.tree("http://127.0.0.1:8006/v1/stacks/" + stackId + "/servers/x/metadata?kid=k1",
                stackId)).as("a URL issued before URLs named the tree").isEqualTo(stackId);
        assertThat(SimulatedCompute.tree(null, stackId)).isEqualTo(stackId);
    }

    @Test
    void eachNewServerIsAcceptedAndChecksInOnceAndStatesPublishedBeforeTheStartAreNotAnswered() {
        String early = UUID.randomUUID().toString();
        desired(early, 1, ServerDesired.State.ACTIVE, "early");
        try (SimulatedCompute compute = SimulatedCompute.builder(bootstrap())
                .checkInDelay(Duration.ofMillis(50)).start()) {
            String first = UUID.randomUUID().toString();
            String second = UUID.randomUUID().toString();
            desired(first, 1, ServerDesired.State.ACTIVE, "web-0");
            desired(second, 1, ServerDesired.State.ACTIVE, "web-1");
            // A repeated state (a relay re-sending after a crash) gets no second check-in.
            desired(first, 1, ServerDesired.State.ACTIVE, "web-0");
            desired(first, 2, ServerDesired.State.DELETED, null);

            await().atMost(WAIT).until(() -> events(ServerCheckedIn.TYPE).size() == 2 && compute.deleted().size() == 1);
            List<ServerCheckedIn> checkIns = events(ServerCheckedIn.TYPE).stream()
                    .map(e -> e.dataAs(ServerCheckedIn.class)).toList();
            assertThat(checkIns).extracting(ServerCheckedIn::serverId).containsExactlyInAnyOrder(first, second);
            assertThat(checkIns).extracting(ServerCheckedIn::address)
                    .containsExactlyInAnyOrder("127.0.0.1", "127.0.0.2");
            assertThat(checkIns).allSatisfy(c -> {
                assertThat(c.stackId()).isEqualTo(stackId);
                assertThat(c.bootId()).isEqualTo("simulated-" + c.serverId());
            });
            assertThat(compute.checkIns()).extracting(SimulatedCompute.CheckIn::serverId)
                    .containsExactlyInAnyOrder(first, second);
            assertThat(compute.created()).extracting(ServerSpec::serverId).containsExactly(first, second);
            assertThat(compute.deleted()).extracting(ServerDesired::serverId, ServerDesired::generation)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple(first, 2L));
            await().atMost(WAIT).until(() -> reports().size() == 2);
            assertThat(reports())
                    .extracting(ServerReported::serverId, ServerReported::state).containsExactlyInAnyOrder(
                            org.assertj.core.groups.Tuple.tuple(first, ServerReported.State.ACCEPTED),
                            org.assertj.core.groups.Tuple.tuple(second, ServerReported.State.ACCEPTED));
            assertThat(compute.errors()).isEmpty();
        }
        assertThat(events(ServerCheckedIn.TYPE)).extracting(e -> e.data().path("serverId").asText())
                .doesNotContain(early);
    }

    @Test
    void eachDeploymentGenerationOfFreshMetadataIsSignalledOnceWithItsActionAndOutputs() {
        String server = UUID.randomUUID().toString();
        String a = UUID.randomUUID().toString();
        String b = UUID.randomUUID().toString();
        String quiet = UUID.randomUUID().toString();
        try (SimulatedCompute compute = SimulatedCompute.builder(bootstrap())
                .signalDelay(Duration.ofMillis(20))
                .outputs((item, output) -> TextNode.valueOf(output + "=" + SimulatedCompute.input(item, "in")))
                .start()) {
            metadata(server, 1, item(a, "first", "CREATE", 1, "x", "CFN_SIGNAL"));
            metadata(server, 2, item(a, "first", "CREATE", 1, "x", "CFN_SIGNAL"),
                    item(b, "second", "CREATE", 1, "y", "CFN_SIGNAL"),
                    item(quiet, "quiet", "CREATE", 1, "z", "NO_SIGNAL"));
            // The same generation again, and an older one, are not fresh: nothing is signalled twice (with one
            // delay for all, a wrong signal would be sent before the update's, which the wait below awaits).
            metadata(server, 2, item(a, "first", "CREATE", 1, "x", "CFN_SIGNAL"),
                    item(b, "second", "CREATE", 1, "y", "CFN_SIGNAL"));
            metadata(server, 1, item(a, "first", "CREATE", 1, "x", "CFN_SIGNAL"));
            // The first deployment's next generation runs again.
            metadata(server, 3, item(a, "first", "UPDATE", 2, "x2", "CFN_SIGNAL"),
                    item(b, "second", "CREATE", 1, "y", "CFN_SIGNAL"),
                    item(quiet, "quiet", "CREATE", 1, "z", "NO_SIGNAL"));

            await().atMost(WAIT).until(() -> events(DeploymentSignalled.TYPE).size() >= 3
                    && compute.sightings().get(new Run(a, "UPDATE", 2)) != null);
            List<ConsumerRecord<String, String>> records = signals.getRecords().stream()
                    .filter(r -> stackId.equals(r.key())).toList();
            assertThat(records).allSatisfy(r -> {
                CloudEvent e = CloudEvent.parse(r.value());
                assertThat(e.source()).isEqualTo("/hearth/signal-gateway");
                assertThat(e.subject()).isEqualTo(stackId);
            });
            List<DeploymentSignalled> sent = events(DeploymentSignalled.TYPE).stream()
                    .map(e -> e.dataAs(DeploymentSignalled.class)).toList();
            assertThat(sent).extracting(s -> s.deploymentId() + " " + s.action() + " " + s.generation())
                    .containsExactlyInAnyOrder(a + " CREATE 1", b + " CREATE 1", a + " UPDATE 2");
            DeploymentSignalled update = sent.stream().filter(s -> s.generation() == 2).findFirst().orElseThrow();
            assertThat(update.stackId()).isEqualTo(stackId);
            assertThat(update.serverId()).isEqualTo(server);
            assertThat(update.deployStatusCode()).isZero();
            assertThat(update.deployStdout()).isEqualTo("ran UPDATE of first (generation 2)");
            assertThat(update.deployStderr()).isEmpty();
            assertThat(update.outputs()).isEqualTo(Map.of("result", TextNode.valueOf("result=x2")));

            assertThat(compute.signals(stackId)).extracting(s -> s.resourceName() + " " + s.run().action())
                    .containsExactlyInAnyOrder("first CREATE", "second CREATE", "first UPDATE");
            assertThat(compute.signals(stackId)).allSatisfy(s -> assertThat(s.sentAt()).isAfter(s.seenAt()));
            assertThat(compute.sightings()).containsEntry(new Run(a, "CREATE", 1), 2)
                    .containsEntry(new Run(b, "CREATE", 1), 2)
                    .containsEntry(new Run(quiet, "CREATE", 1), 2)
                    .containsEntry(new Run(a, "UPDATE", 2), 1);
            assertThat(compute.errors()).isEmpty();
        }
    }

    @Test
    void theDefaultOutputValueNamesTheOutputAndTheDeploymentResource() {
        String server = UUID.randomUUID().toString();
        String a = UUID.randomUUID().toString();
        try (SimulatedCompute compute = SimulatedCompute.builder(bootstrap())
                .signalDelay(Duration.ofMillis(5), Duration.ofMillis(30)).start()) {
            metadata(server, 1, item(a, "db_deployment", "CREATE", 1, "x", "CFN_SIGNAL"));
            await().atMost(WAIT).until(() -> events(DeploymentSignalled.TYPE).size() == 1);
            assertThat(events(DeploymentSignalled.TYPE).get(0).dataAs(DeploymentSignalled.class).outputs())
                    .isEqualTo(Map.of("result", TextNode.valueOf("result of db_deployment")));
            assertThat(compute.signals()).hasSize(1);
        }
    }

    private String bootstrap() {
        return TestInfrastructure.get().kafkaBootstrapServers();
    }

    /** A metadata item as deployment-service writes it: one declared input {@code in}, one output {@code result}. */
    private DeploymentItem item(String id, String resource, String action, long generation, String in,
            String transport) {
        List<DeploymentInput> inputs = List.of(
                new DeploymentInput("in", "String", TextNode.valueOf(in), null),
                new DeploymentInput("deploy_action", "String", TextNode.valueOf(action), null),
                new DeploymentInput("deploy_stack_id", "String", TextNode.valueOf("s/" + stackId), null),
                new DeploymentInput("deploy_resource_name", "String", TextNode.valueOf(resource), null),
                new DeploymentInput("deploy_signal_transport", "String", TextNode.valueOf(transport), null));
        List<JsonNode> outputs = List.of(HearthJson.readTree("{\"name\": \"result\", \"type\": \"String\"}"));
        return new DeploymentItem(id, "config", "script", TextNode.valueOf("#!/bin/sh"), inputs, outputs, null,
                Instant.now(), generation);
    }

    private void metadata(String serverId, long generation, DeploymentItem... items) {
        send(Topics.SERVER_METADATA, serverId, CloudEvent.of("/hearth/deployment-service", serverId,
                new ServerMetadata(serverId, stackId, "demo", generation, List.of(items))));
    }

    private void desired(String serverId, long generation, ServerDesired.State state, String name) {
        ServerSpec spec = name == null ? null
                : new ServerSpec(serverId, stackId, "demo", name, "img", "flavor", "http://m", null);
        send(Topics.COMPUTE_SERVERS, serverId, CloudEvent.of("/hearth/deployment-service", serverId,
                new ServerDesired(serverId, stackId, "demo", generation, state, spec)));
    }

    private void send(String topic, String key, CloudEvent event) {
        kafka.produceStrings().fromRecords(new ProducerRecord<>(topic, key, event.toJson())).awaitCompletion();
    }

    /** The simulator's reports on this test's servers. */
    private List<ServerReported> reports() {
        return reports.getRecords().stream().map(r -> CloudEvent.parse(r.value()))
                .filter(e -> ServerReported.TYPE.equals(e.type())).map(e -> e.dataAs(ServerReported.class))
                .filter(r -> stackId.equals(r.stackId())).toList();
    }

    private List<CloudEvent> events(String type) {
        return signals.getRecords().stream().filter(r -> stackId.equals(r.key())).map(r -> CloudEvent.parse(r.value()))
                .filter(e -> type.equals(e.type())).toList();
    }
}
