package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * One stack create is one trace: the trace id of template-service's create request is in the JSON log of
 * deployment-service (which ran the stack's steps) and of signal-gateway (which published the deployment's signal
 * in the trace of the server's metadata), for the same stack, which then completes.
 */
@Order(2) // needs the local compute driver, which later classes stop (LocalSystem.withoutLocalCompute)
class TraceIT {

    private static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            resources:
              server:
                type: OS::Nova::Server
                properties:
                  image: local
                  flavor: local
                  user_data_format: SOFTWARE_CONFIG
              config:
                type: OS::Heat::SoftwareConfig
                properties:
                  group: script
                  outputs:
                    - name: result
                  config: |
                    #!/bin/sh
                    echo traced > ${heat_outputs_path}.result
              deployment:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {get_resource: server}
                  signal_transport: HEAT_SIGNAL
            outputs:
              result:
                value: {get_attr: [deployment, result]}
            """;

    private static final ObjectMapper JSON = new ObjectMapper();

    @BeforeAll
    static void system() {
        LocalSystem.up();
    }

    @Test
    void aStackCreateIsOneTraceFromTheApiThroughTheEngineAndTheGateway() {
        String name = "traced-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", TEMPLATE))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        String url = "/v1/demo/stacks/" + name + "/" + id;

        await().atMost(Duration.ofMinutes(3)).pollInterval(Duration.ofMillis(500)).until(() -> !LocalSystem.api()
                .get(url).then().extract().<String>path("stack.stack_status").equals("CREATE_IN_PROGRESS"));
        assertThat(LocalSystem.api().get(url).then().extract().<String>path("stack.stack_status"))
                .isEqualTo("CREATE_COMPLETE");

        await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Set<String> engine = traceIds("deployment-service", id);
            Set<String> gateway = traceIds("signal-gateway", id);
            Set<String> api = traceIds("template-service", id);
            assertThat(engine).as("deployment-service's trace ids for stack %s", id).isNotEmpty();
            assertThat(gateway).as("signal-gateway's trace ids for stack %s", id).isNotEmpty();
            assertThat(engine).as("the engine continues the trace of the gateway's signal").containsAll(gateway);
            assertThat(api).as("template-service's handling of the stack's events").containsAll(gateway);
        });
    }

    /** The trace ids of a service's JSON log lines about the stack. */
    private static Set<String> traceIds(String service, String stackId) {
        Path log = LocalSystem.HOME.resolve("logs").resolve(service + ".json");
        try (var lines = Files.lines(log)) {
            return lines.filter(line -> line.contains(stackId)).map(TraceIT::read)
                    .filter(entry -> stackId.equals(entry.path("stackId").asText()) && entry.hasNonNull("traceId"))
                    .map(entry -> entry.path("traceId").asText())
                    .collect(Collectors.toSet());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode read(String line) {
        try {
            return JSON.readTree(line);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
