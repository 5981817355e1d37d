package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.path.json.JsonPath;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Compute by desired state (docs/compute-drivers.md) with the real local compute driver: a driver that was stopped
 * while stacks with servers were created and deleted creates none of their servers when it is back, and a stack
 * created while it was down completes once it is back; with no driver at all, a server fails within the accept
 * timeout, saying so. deployment-service runs with {@code HEARTH_COMPUTE_ACCEPT_TIMEOUT=45s} for this class.
 */
@Order(2) // needs the local compute driver, which later classes stop (LocalSystem.withoutLocalCompute)
@TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
class ComputeDesiredStateIT {

    private static final Duration WAIT = Duration.ofMinutes(2);
    private static final String ACCEPT_TIMEOUT = "HEARTH_COMPUTE_ACCEPT_TIMEOUT";
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

    @BeforeAll
    static void system() {
        LocalSystem.up();
        LocalSystem.restartWith("deployment-service", ACCEPT_TIMEOUT, "45s");
    }

    @AfterAll
    static void restore() {
        LocalSystem.startMissing(); // the driver, if a test left it stopped
        LEFT.forEach(url -> LocalSystem.api().delete(url));
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> LEFT.stream().allMatch(url ->
                LocalSystem.api().get(url).statusCode() == 404 || status(url).startsWith("DELETE_COMPLETE")));
        LocalSystem.restartWith("deployment-service", ACCEPT_TIMEOUT, null);
    }

    @Test
    @org.junit.jupiter.api.Order(1)
    void aDriverBackFromADowntimeCreatesNoServerOfTheStacksDeletedMeanwhileAndCompletesTheOneCreated()
            throws IOException {
        LocalSystem.stopCompute();
        // 20 stacks of two servers created and deleted while the driver is down
        List<String> deleted = new ArrayList<>();
        List<String> gone = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            deleted.add(create("gone-" + i));
        }
        for (String url : deleted) {
            await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> serverIds(url).size() == 2);
            gone.addAll(serverIds(url));
            LocalSystem.api().delete(url).then().statusCode(204);
        }
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> deleted.stream().allMatch(url ->
                LocalSystem.api().get(url).statusCode() == 404 || status(url).startsWith("DELETE_COMPLETE")));
        // one more created and left while the driver is still down
        String kept = create("kept");
        LEFT.add(kept);
        await().atMost(WAIT).pollInterval(Duration.ofMillis(200)).until(() -> serverIds(kept).size() == 2);
        assertThat(status(kept)).startsWith("CREATE_IN_PROGRESS");

        LocalSystem.startMissing(); // the driver is back

        await().atMost(WAIT).pollInterval(Duration.ofMillis(500))
                .until(() -> !status(kept).startsWith("CREATE_IN_PROGRESS"));
        assertThat(status(kept)).isEqualTo("CREATE_COMPLETE Stack CREATE completed successfully");
        List<String> keptServers = serverIds(kept);
        assertThat(keptServers).allSatisfy(id -> assertThat(SERVERS.resolve(id).resolve("server.json")).exists());

        // not one server of the 20 deleted stacks was created: no folder, no "created" in the driver's log
        assertThat(gone).hasSize(40).doesNotHaveDuplicates().noneMatch(id -> Files.exists(SERVERS.resolve(id)));
        String log = Files.readString(COMPUTE_LOG);
        assertThat(log).contains("caught up with");
        for (String id : gone) {
            assertThat(log).doesNotContain("[server " + id + "] created");
        }
        for (String id : keptServers) {
            assertThat(log).contains("[server " + id + "] created");
        }
    }

    @Test
    @org.junit.jupiter.api.Order(2)
    void aServerNoComputeDriverAcceptsFailsWithinTheAcceptTimeoutSayingSo() {
        LocalSystem.stopCompute();
        try {
            String url = create("no-driver");
            LEFT.add(url);
            await().atMost(WAIT).pollInterval(Duration.ofMillis(500))
                    .until(() -> !status(url).startsWith("CREATE_IN_PROGRESS"));
            assertThat(status(url)).startsWith("CREATE_FAILED Resource CREATE failed: Error: resources.")
                    .contains(": no compute driver accepted server ").contains(" within 45 s (")
                    .contains("heartbeat").endsWith("; a server that exists elsewhere, run by its own agents, is an"
                            + " OS::Heat::DeployedServer with software_config_transport POLL_TEMP_URL");
            assertThat(LocalSystem.api().get(url + "/resources").then().extract().jsonPath()
                    .<String>getList("resources.resource_status")).contains("CREATE_FAILED");
        } finally {
            LocalSystem.startMissing();
        }
    }

    private static String create(String prefix) {
        String name = prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", TWO_SERVERS))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        return "/v1/demo/stacks/" + name + "/" + id;
    }

    /** The physical ids of the stack's servers that have one. */
    private static List<String> serverIds(String url) {
        JsonPath resources = LocalSystem.api().get(url + "/resources").then().statusCode(200).extract().jsonPath();
        return resources.<String>getList("resources.physical_resource_id").stream()
                .filter(id -> id != null && !id.isEmpty()).toList();
    }

    private static String status(String url) {
        JsonPath stack = LocalSystem.api().get(url).then().extract().jsonPath();
        return stack.getString("stack.stack_status") + " " + stack.getString("stack.stack_status_reason");
    }
}
