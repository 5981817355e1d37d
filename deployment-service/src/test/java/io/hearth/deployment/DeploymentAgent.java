package io.hearth.deployment;

import static io.hearth.deployment.StackDriver.WAIT;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerReported;
import io.hearth.contracts.compute.v1.ServerSpec;
import io.hearth.contracts.deployment.v1.DeploymentItem;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.signal.v1.DeploymentSignalled;
import io.hearth.contracts.signal.v1.ServerCheckedIn;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import java.time.Instant;
import java.util.Map;

/**
 * Plays the compute driver and the signal gateway in tests, by hand: reads the servers' desired states on
 * {@code hearth.compute.servers} (reporting each new server ACCEPTED on {@code hearth.compute.status}) and sends check-ins and deployment signals to
 * {@code hearth.signals}, when the test says so. A {@link BrokerFixture}: registered with {@code @RegisterExtension}.
 */
final class DeploymentAgent extends BrokerFixture {

    private static final String GATEWAY = "/hearth/signal-gateway";

    private ConsumerTask<String, String> compute;

    @Override
    protected void open() {
        compute = consume(Topics.COMPUTE_SERVERS);
    }

    /** Waits for the stack's first new server, accepts it as a driver does, and answers the server's id. */
    String awaitServer(String stackId) {
        ServerSpec spec = await().atMost(WAIT).until(() -> ComputeRecords.creates(compute.getRecords(), stackId)
                .stream().findFirst().orElse(null), s -> s != null);
        publish(Topics.COMPUTE_STATUS, spec.serverId(), CloudEvent.of("/hearth/compute", spec.serverId(),
                new ServerReported(spec.serverId(), stackId, spec.tenant(), 1, ServerReported.State.ACCEPTED, "test",
                        null)).toJson());
        return spec.serverId();
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
