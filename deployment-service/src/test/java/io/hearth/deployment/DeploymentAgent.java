package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.CreateInstance;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import java.time.Instant;
import java.util.Map;

/**
 * Plays the compute driver and the signal gateway in tests, by hand: reads the {@code CreateInstance}
 * commands on {@code hearth.compute.commands} and sends check-ins and deployment signals to
 * {@code hearth.signals}, when the test says so. A {@link BrokerFixture}: registered with {@code @RegisterExtension}.
 */
final class DeploymentAgent extends BrokerFixture {

    private static final String GATEWAY = "/hearth/signal-gateway";

    private ConsumerTask<String, String> compute;

    @Override
    protected void open() {
        compute = consume(Topics.COMPUTE_COMMANDS);
    }

    /** Waits for the stack's first {@code CreateInstance} command and answers the server's id. */
    String awaitServer(String stackId) {
        return await().atMost(WAIT).until(() -> compute.getRecords().stream().map(r -> CloudEvent.parse(r.value()))
                .filter(e -> CreateInstance.TYPE.equals(e.type()) && stackId.equals(e.data().path("stackId").asText()))
                .map(e -> e.dataAs(CreateInstance.class).serverId()).findFirst().orElse(null), id -> id != null);
    }

    /** The server's agent checks in for the first time. */
    CloudEvent checkIn(String stackId, String serverId) {
        return send(stackId, new ServerCheckedIn(stackId, serverId, "10.0.0.5", "0.1.0", "boot-1", Instant.now()));
    }

    /** The hook of a metadata item ran {@code action} and exited with {@code code}. */
    CloudEvent signal(String stackId, String serverId, DeploymentItem item, String action, int code,
            Map<String, JsonNode> outputs) {
        return send(stackId, new DeploymentSignalled(stackId, item.deploymentId(), serverId, action, item.generation(),
                "ran " + action, "", code, outputs, Instant.now()));
    }

    private CloudEvent send(String stackId, Object data) {
        CloudEvent event = CloudEvent.of(GATEWAY, stackId, data);
        publish(Topics.SIGNALS, stackId, event.toJson());
        return event;
    }
}
