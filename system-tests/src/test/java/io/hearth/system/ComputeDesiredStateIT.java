package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.hearth.contracts.Topics;
import io.hearth.contracts.compute.v1.ServerDesired;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.testsupport.TopicTail;
import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * Compute by desired state (docs/compute-drivers.md) with the real local compute driver: a driver that was stopped
 * while stacks with servers were created and deleted creates none of their servers when it is back, and a stack
 * created while it was down completes once it is back; with no driver at all, a server fails within the accept
 * timeout, saying so. deployment-service runs with {@code HEARTH_COMPUTE_ACCEPT_TIMEOUT=75s} for this class.
 */
@Order(2) // needs the local compute driver, which later classes stop (LocalSystem.withoutLocalCompute)
class ComputeDesiredStateIT {

    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final String ACCEPT_TIMEOUT = "HEARTH_COMPUTE_ACCEPT_TIMEOUT";
    /** The accept timeout of this class: longer than creating and deleting the 20 stacks, and than a driver start. */
    private static final int ACCEPT_SECONDS = 75;
    private static final Path SERVERS = LocalSystem.HOME.resolve("compute/servers");
    private static final Path COMPUTE_LOG = LocalSystem.HOME.resolve("logs/compute.log");
    private static final String TWO_SERVERS = """
            heat_template_version: 2018-08-31
            resources:
              first:
                type: OS::Nova::Server
                properties: {image: local, flavor: local, user_data_format: SOFTWARE_CONFIG}
              second:
                type: OS::Nova::Server
                properties: {image: local, flavor: local, user_data_format: SOFTWARE_CONFIG}
            """;

    /** Stacks left at the end, deleted then. */
    private static final List<String> LEFT = new ArrayList<>();
    /** Every desired state published on hearth.compute.servers since the class started, as a driver reads them. */
    private static final Queue<ServerDesired> DESIRED = new ConcurrentLinkedQueue<>();
    private static TopicTail desired;

    @BeforeAll
    static void system() {
        LocalSystem.up();
        LocalSystem.restartWith("deployment-service", ACCEPT_TIMEOUT, ACCEPT_SECONDS + "s");
        desired = TopicTail.start(LocalSystem.kafka(), Topics.COMPUTE_SERVERS, record -> {
            if (record.value() != null) {
                CloudEvent event = CloudEvent.parse(record.value());
                if (ServerDesired.TYPE.equals(event.type())) {
                    DESIRED.add(event.dataAs(ServerDesired.class));
                }
            }
        }, e -> System.err.println("hearth.compute.servers: " + e));
    }

    @AfterAll
    static void restore() {
        desired.close();
        LocalSystem.startMissing(); // the driver, if a test left it stopped
        LEFT.forEach(url -> LocalSystem.api().delete(url));
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> LEFT.stream().allMatch(url ->
                LocalSystem.api().get(url).statusCode() == 404 || status(url).startsWith("DELETE_COMPLETE")));
        LocalSystem.restartWith("deployment-service", ACCEPT_TIMEOUT, null);
    }

    @Test
    void whileTheDriverIsDownAServerFailsOnlyPastTheAcceptTimeoutAndTheDriverBackCreatesNoServerOfDeletedStacks()
            throws IOException {
        LocalSystem.stopCompute();
        // no compute driver at all: this stack's servers fail once the accept timeout is over, saying so
        String orphan = create("no-driver");
        LEFT.add(orphan);
        // meanwhile 20 stacks of two servers are created and, once their servers are wanted, deleted
        List<String> deleted = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            deleted.add(create("gone-" + i));
        }
        List<String> gone = new ArrayList<>();
        for (String url : deleted) {
            gone.addAll(awaitServers(url, ServerDesired.State.ACTIVE));
            LocalSystem.api().delete(url).then().statusCode(204);
        }
        for (String url : deleted) {
            assertThat(awaitServers(url, ServerDesired.State.DELETED)).hasSize(2);
        }

        await().atMost(WAIT).pollInterval(Duration.ofMillis(500))
                .until(() -> !status(orphan).startsWith("CREATE_IN_PROGRESS"));
        assertThat(status(orphan)).startsWith("CREATE_FAILED Resource CREATE failed: Error: resources.")
                .contains(": no compute driver accepted server ").contains(" within " + ACCEPT_SECONDS + " s (")
                .contains("heartbeat").endsWith("; a server that exists elsewhere, run by its own agents, is an"
                        + " OS::Heat::DeployedServer with software_config_transport POLL_TEMP_URL");
        assertThat(LocalSystem.api().get(orphan + "/resources").then().extract().jsonPath()
                .<String>getList("resources.resource_status")).contains("CREATE_FAILED");
        // no driver took them: wanted DELETED at once, so a driver coming later does not create them either
        gone.addAll(awaitServers(orphan, ServerDesired.State.DELETED));

        // one more stack created while the driver is still down, which is then started again
        String kept = create("kept");
        LEFT.add(kept);
        List<String> keptServers = awaitServers(kept, ServerDesired.State.ACTIVE);
        LocalSystem.startMissing();

        await().atMost(WAIT).pollInterval(Duration.ofMillis(500))
                .until(() -> !status(kept).startsWith("CREATE_IN_PROGRESS"));
        assertThat(status(kept)).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        assertThat(keptServers).allSatisfy(id -> assertThat(SERVERS.resolve(id).resolve("server.json")).exists());

        // not one server of the 20 deleted stacks (nor of the failed one) was created: no folder, no "created" in
        // the driver's log
        assertThat(gone).hasSize(42).doesNotHaveDuplicates().noneMatch(id -> Files.exists(SERVERS.resolve(id)));
        String log = Files.readString(COMPUTE_LOG);
        assertThat(log).contains("caught up with");
        for (String id : gone) {
            assertThat(log).doesNotContain("[server " + id + "] created");
        }
        for (String id : keptServers) {
            assertThat(log).contains("[server " + id + "] created");
        }
    }

    /** Waits until both servers of the stack are wanted in {@code state} on hearth.compute.servers; their ids. */
    private static List<String> awaitServers(String url, ServerDesired.State state) {
        String stackId = url.substring(url.lastIndexOf('/') + 1);
        await().atMost(WAIT).pollInterval(Duration.ofMillis(100)).until(() -> servers(stackId, state).size() == 2);
        return servers(stackId, state);
    }

    private static List<String> servers(String stackId, ServerDesired.State state) {
        return DESIRED.stream().filter(d -> d.stackId().equals(stackId) && d.desired() == state)
                .map(ServerDesired::serverId).distinct().toList();
    }

    private static String create(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", TWO_SERVERS))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        return "/v1/demo/stacks/" + name + "/" + id;
    }

    private static String status(String url) {
        JsonPath stack = LocalSystem.api().get(url).then().extract().jsonPath();
        return stack.getString("stack.stack_status") + " " + stack.getString("stack.stack_status_reason");
    }
}
