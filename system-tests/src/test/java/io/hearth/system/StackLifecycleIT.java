package io.hearth.system;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;
import static org.hamcrest.Matchers.hasItems;
import static org.hamcrest.Matchers.not;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A user's first stack through the whole system: template-service plans it and publishes the
 * command, deployment-service runs it and publishes its status, template-service shows it.
 * Every hop crosses the real Kafka broker; each service is its own process.
 */
class StackLifecycleIT {

    private static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            description: a stack with no resources
            parameters:
              greeting: {type: string, default: hello}
            outputs:
              greeting: {value: {get_param: greeting}}
            """;

    @BeforeAll
    static void system() {
        LocalSystem.up();
    }

    @Test
    void everyServiceIsReadyWithKafkaAndItsDatabase() {
        for (int port : new int[] {8004, 8005, 8007}) {
            given().baseUri("http://127.0.0.1:" + port).get("/q/health/ready").then().statusCode(200)
                    .body("status", equalTo("UP"))
                    .body("checks.name", hasItems("Reactive PostgreSQL connections health check",
                            "SmallRye Reactive Messaging - readiness check"));
        }
        // The signal gateway owns nothing durable: Kafka and its projection, no database.
        given().baseUri("http://127.0.0.1:8006").get("/q/health/ready").then().statusCode(200)
                .body("status", equalTo("UP"))
                .body("checks.name", hasItems("SmallRye Reactive Messaging - readiness check",
                        "Server metadata projection"))
                .body("checks.name", not(hasItem("Reactive PostgreSQL connections health check")));
    }

    @Test
    void aStackWithNoResourcesIsCreatedAndDeletedThroughKafka() {
        String name = "it-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", TEMPLATE, "parameters",
                        Map.of("greeting", "hi from the system test")))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");

        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                "CREATE_COMPLETE".equals(LocalSystem.api().get("/v1/demo/stacks/" + name + "/" + id)
                        .then().statusCode(200).extract().path("stack.stack_status")));

        LocalSystem.api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200)
                .body("stack.stack_status_reason", equalTo("Stack CREATE completed successfully"))
                .body("stack.outputs[0].output_key", equalTo("greeting"))
                .body("stack.outputs[0].output_value", equalTo("hi from the system test"));
        var statuses = LocalSystem.api().get("/v1/demo/stacks/" + name + "/" + id + "/events?sort_dir=asc").then().statusCode(200)
                .extract().jsonPath().getList("events.resource_status", String.class);
        assertThat(statuses).containsExactly("CREATE_IN_PROGRESS", "CREATE_COMPLETE");

        LocalSystem.api().delete("/v1/demo/stacks/" + name + "/" + id).then().statusCode(204);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                "DELETE_COMPLETE".equals(LocalSystem.api().get("/v1/demo/stacks/" + name + "/" + id)
                        .then().statusCode(200).extract().path("stack.stack_status")));
        LocalSystem.api().get("/v1/demo/stacks/" + name).then().statusCode(404);
    }

    @Test
    void theDemoTemplatesResourcesAreCreatedUpdatedAndDeletedByDeploymentService() throws Exception {
        String template = java.nio.file.Files.readString(LocalSystem.ROOT.resolve("deploy/examples/hello.yaml"));
        String name = "it-" + UUID.randomUUID().toString().substring(0, 8);
        String id = LocalSystem.api().body(Map.of("stack_name", name, "template", template, "parameters",
                        Map.of("password_length", 20)))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        String url = "/v1/demo/stacks/" + name + "/" + id;
        awaitStatus(url, "CREATE_COMPLETE");

        var stack = LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath();
        String password = stack.getString("stack.outputs.find { it.output_key == 'password' }.output_value");
        assertThat(password).hasSize(20).matches("[A-Za-z0-9]+");
        Map<String, Object> summary = stack.getMap("stack.outputs.find { it.output_key == 'summary' }.output_value");
        assertThat(summary).containsEntry("greeting", "Hello from Hearth").containsEntry("password_length", 20);
        var resources = LocalSystem.api().get(url + "/resources").then().statusCode(200).extract().jsonPath();
        assertThat(resources.getList("resources.resource_status", String.class))
                .containsOnly("CREATE_COMPLETE").hasSize(3);
        assertThat(summary.get("config_id")).isEqualTo(
                resources.getString("resources.find { it.resource_name == 'setup_config' }.physical_resource_id"));

        // a longer password replaces the RandomString (a new value); the config is left alone
        LocalSystem.api().body(Map.of("parameters", Map.of("password_length", 24))).patch(url).then().statusCode(202);
        awaitStatus(url, "UPDATE_COMPLETE");
        String replaced = LocalSystem.api().get(url).then().statusCode(200).extract().jsonPath()
                .getString("stack.outputs.find { it.output_key == 'password' }.output_value");
        assertThat(replaced).hasSize(24).isNotEqualTo(password);
        assertThat(LocalSystem.api().get(url + "/resources/setup_config").then().statusCode(200).extract()
                .<String>path("resource.physical_resource_id")).isEqualTo(summary.get("config_id"));

        LocalSystem.api().delete(url).then().statusCode(204);
        awaitStatus(url, "DELETE_COMPLETE");
    }

    private static void awaitStatus(String url, String status) {
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                status.equals(LocalSystem.api().get(url).then().statusCode(200).extract().path("stack.stack_status")));
    }
}
