package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.restassured.path.json.JsonPath;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * An instance built for Heat, configured by OpenStack's own agents with no change to them
 * ({@code deploy/heat-agents/run}): os-collect-config's {@code request} collector polls a DeployedServer's
 * pre-signed metadata URL ({@code software_config_transport: POLL_TEMP_URL}, its {@code os_collect_config}
 * attribute), os-refresh-config runs heat-agents' 20-os-apply-config and 55-heat-config, the script hook runs the
 * deployment and heat-config-notify PUTs its outputs to the {@code TEMP_URL_SIGNAL} URL. Debian's
 * os-collect-config, os-refresh-config and os-apply-config, heat-agents' files from {@code deploy/heat-agents/upstream}.
 */
@Order(2) // the local compute driver runs, so the test sees that it never heard of the server
class HeatAgentsIT {

    private static final Duration WAIT = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void system() {
        LocalSystem.ensureHeatAgents();
        LocalSystem.up();
    }

    @Test
    void heatsOwnAgentsConfigureADeployedServerAndSignalItBackThenRunItsUpdateOnce() throws Exception {
        String template = Files.readString(LocalSystem.ROOT.resolve("deploy/examples/heat-agents.yaml"));
        String name = "heat-agents-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", template,
                "parameters", Map.of("greeting", "Hi"))).post("/v1/demo/stacks").then().statusCode(201).extract()
                .path("stack.id");
        String url = "/v1/demo/stacks/" + name + "/" + id;

        // As in Heat, the DeployedServer is complete at once; its deployment waits for its signal.
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> "CREATE_COMPLETE".equals(
                LocalSystem.api().get(url + "/resources/server").then().extract().path("resource.resource_status")));
        JsonPath server = LocalSystem.api().get(url + "/resources/server").then().statusCode(200).extract().jsonPath();
        String serverId = server.getString("resource.physical_resource_id");
        String metadataUrl = server.getString("resource.attributes.os_collect_config.request.metadata_url");
        assertThat(server.getList("resource.attributes.os_collect_config.collectors")).containsExactly("request",
                "local");
        assertThat(LocalSystem.api().get(url).then().extract().jsonPath().getString("stack.stack_status"))
                .isEqualTo("CREATE_IN_PROGRESS");

        Path instance = LocalSystem.ROOT.resolve("system-tests/target/heat-agents/" + name);
        Path stop = instance.resolve("stop");
        Process agents = startAgents(instance, metadataUrl, stop);
        try {
            JsonPath created = awaitStatus(url, "CREATE_COMPLETE");
            assertThat(output(created, "message")).isEqualTo("Hi, heat-agents!");
            assertThat(output(created, "stdout")).isEqualTo("configuring " + serverId + " for CREATE\n");
            List<JsonNode> runs = deployed(instance);
            assertThat(runs).hasSize(1);
            assertThat(input(runs.get(0), "deploy_action")).isEqualTo("CREATE");
            assertThat(input(runs.get(0), "deploy_signal_verb")).isEqualTo("PUT");
            assertThat(notifyData(instance, runs.get(0)).path("deploy_status_code").asInt(-1)).isZero();
            // Nothing of Hearth's own ran it: the local compute driver never heard of this server.
            assertThat(LocalSystem.HOME.resolve("compute/servers/" + serverId)).doesNotExist();

            // An update runs the deployment again, once, with UPDATE: a new run id, as Heat derives a new config.
            LocalSystem.api().body(Map.of("parameters", Map.of("greeting", "Bonjour"))).patch(url).then()
                    .statusCode(202);
            JsonPath updated = awaitStatus(url, "UPDATE_COMPLETE");
            assertThat(output(updated, "message")).isEqualTo("Bonjour, heat-agents!");
            assertThat(output(updated, "stdout")).isEqualTo("configuring " + serverId + " for UPDATE\n");
            runs = deployed(instance);
            assertThat(runs).extracting(run -> input(run, "deploy_action")).containsExactlyInAnyOrder("CREATE",
                    "UPDATE");
            assertThat(runs).extracting(run -> run.path("id").asText()).doesNotHaveDuplicates();
            assertThat(Files.readAllLines(instance.resolve("agents.log")).stream()
                    .filter(line -> line.contains("Running " + instance.resolve("hooks/script"))).count())
                    .as("hook runs").isEqualTo(2);
        } finally {
            Files.writeString(stop, "");
            if (!agents.waitFor(1, TimeUnit.MINUTES)) {
                agents.destroyForcibly();
            }
        }
        LocalSystem.api().delete(url).then().statusCode(204);
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> LocalSystem.api().get(url).statusCode()
                == 404 || "DELETE_COMPLETE".equals(LocalSystem.api().get(url).then().extract().path("stack.stack_status")));
    }

    /** deploy/heat-agents/run on the instance's folder: at most 600 polls a second apart, until {@code stop} exists. */
    private static Process startAgents(Path instance, String metadataUrl, Path stop) throws IOException {
        Files.createDirectories(instance);
        ProcessBuilder builder = new ProcessBuilder(LocalSystem.ROOT.resolve("deploy/heat-agents/run").toString(),
                instance.toString(), metadataUrl, "600", "1");
        builder.environment().put("HEAT_AGENTS_UNTIL", stop.toString());
        return builder.redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(new File(instance.resolve("run.log").toString())))
                .start();
    }

    private static JsonPath awaitStatus(String url, String status) {
        await().atMost(WAIT).pollInterval(Duration.ofMillis(500)).until(() -> !LocalSystem.api().get(url).then()
                .extract().jsonPath().getString("stack.stack_status").endsWith("_IN_PROGRESS"));
        JsonPath stack = LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath();
        assertThat(stack.getString("stack.stack_status") + " " + stack.getString("stack.stack_status_reason"))
                .startsWith(status);
        return stack;
    }

    private static String output(JsonPath stack, String key) {
        return stack.getString("stack.outputs.find { it.output_key == '" + key + "' }.output_value");
    }

    /** What heat-config deployed: each run's config as 55-heat-config wrote it ({@code deployed/<id>.json}). */
    private static List<JsonNode> deployed(Path instance) throws IOException {
        List<JsonNode> runs = new ArrayList<>();
        try (Stream<Path> files = Files.list(instance.resolve("deployed"))) {
            for (Path file : files.filter(f -> !f.getFileName().toString().endsWith(".notify.json")).toList()) {
                runs.add(JSON.readTree(file.toFile()));
            }
        }
        return runs;
    }

    private static JsonNode notifyData(Path instance, JsonNode run) throws IOException {
        return JSON.readTree(instance.resolve("deployed/" + run.path("id").asText() + ".notify.json").toFile());
    }

    private static String input(JsonNode run, String name) {
        for (JsonNode input : run.path("inputs")) {
            if (name.equals(input.path("name").asText())) {
                return input.path("value").asText();
            }
        }
        return null;
    }
}
