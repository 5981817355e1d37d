package io.hearth.system;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.restassured.config.HttpClientConfig;
import io.restassured.config.RestAssuredConfig;
import io.restassured.path.json.JsonPath;
import io.restassured.response.Response;
import io.restassured.specification.RequestSpecification;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a hostile user sends, against the running system (no restart in between): each request gets a
 * precise 4xx with Heat's error body within bounded time, and afterwards the same system still takes a
 * stack to CREATE_COMPLETE, deletes it, and its outbox relays publish nothing while nothing happens.
 * The first cases are the findings of issue 13 (tried against {@code deploy/up}); the others are more of
 * the same classes.
 */
class HostileInputIT {

    /** Any one hostile request must be answered within this; the repeat bomb took 3-8 s to fail with a 500. */
    private static final int ANSWER_WITHIN_MS = 20_000;
    private static final RestAssuredConfig BOUNDED = RestAssuredConfig.config().httpClient(HttpClientConfig
            .httpClientConfig().setParam("http.socket.timeout", ANSWER_WITHIN_MS)
            .setParam("http.connection.timeout", 5_000));
    private static final List<String> SEEN = new ArrayList<>();

    @BeforeAll
    static void system() {
        LocalSystem.up();
    }

    @AfterAll
    static void report() {
        SEEN.forEach(line -> System.out.println("HostileInputIT: " + line));
    }

    // ------------------------------------------------------------------ finding 1: unbounded evaluation

    private static final String REPEAT_BOMB = """
            heat_template_version: 2018-08-31
            parameters:
              a: {type: comma_delimited_list}
              b: {type: comma_delimited_list}
              c: {type: comma_delimited_list}
            resources:
              bomb:
                type: OS::Heat::Value
                properties:
                  value:
                    repeat:
                      for_each: {"<%a%>": {get_param: a}, "<%b%>": {get_param: b}, "<%c%>": {get_param: c}}
                      template: "<%a%>-<%b%>-<%c%>"
                      permutations: true
            """;

    private static Map<String, Object> repeatBombParameters() {
        String values = IntStream.range(0, 400).mapToObj(Integer::toString).collect(Collectors.joining(","));
        return Map.of("a", values, "b", values, "c", values);
    }

    @Test
    void aRepeatOf64MillionCombinationsIsRefusedByValidateAndCreate() {
        Map<String, Object> body = Map.of("template", REPEAT_BOMB, "parameters", repeatBombParameters());
        assertRefused("repeat bomb /validate", api().body(body).post("/v1/demo/validate"), 400)
                .contains("repeat");
        String name = "bomb-" + suffix();
        Map<String, Object> create = new HashMap<>(body);
        create.put("stack_name", name);
        assertRefused("repeat bomb /stacks", api().body(create).post("/v1/demo/stacks"), 400).contains("repeat");
        api().get("/v1/demo/stacks/" + name).then().statusCode(404);
    }

    @Test
    void aNestedRepeatAndAStringReplaceThatMultiplyTheirInputAreRefused() {
        String nested = """
                heat_template_version: 2018-08-31
                parameters:
                  a: {type: comma_delimited_list}
                resources:
                  bomb:
                    type: OS::Heat::Value
                    properties:
                      value:
                        repeat:
                          for_each: {"<%x%>": {get_param: a}}
                          template:
                            repeat:
                              for_each: {"<%y%>": {get_param: a}, "<%z%>": {get_param: a}}
                              template: "<%x%><%y%><%z%>"
                """;
        String values = IntStream.range(0, 400).mapToObj(Integer::toString).collect(Collectors.joining(","));
        assertRefused("nested repeat /validate", api().body(Map.of("template", nested, "parameters",
                Map.of("a", values))).post("/v1/demo/validate"), 400).contains("repeat");

        // 2,000 occurrences of one placeholder replaced by a 200 kB parameter: 400 MB of text.
        String replace = """
                heat_template_version: 2018-08-31
                parameters:
                  big: {type: string}
                resources:
                  bomb:
                    type: OS::Heat::Value
                    properties:
                      value:
                        str_replace:
                          template: "%s"
                          params: {"$x": {get_param: big}}
                """.formatted("$x".repeat(2_000));
        assertRefused("str_replace bomb /validate", api().body(Map.of("template", replace, "parameters",
                Map.of("big", "y".repeat(200_000)))).post("/v1/demo/validate"), 400).contains("str_replace");
    }

    // ------------------------------------------------------------------ finding 2: oversized metadata documents

    @Test
    void deploymentsThatWouldMakeAServersDocumentTooLargeForKafkaAreRefusedWith413() {
        String config = api().body(Map.of("name", "big-" + suffix(), "group", "script", "config", "echo hi"))
                .post("/v1/demo/software_configs").then().statusCode(200).extract().path("software_config.id");
        String server = "hostile-server-" + suffix();
        String big = "x".repeat(600_000);
        Map<String, Object> deployment = Map.of("config_id", config, "server_id", server, "action", "CREATE",
                "input_values", Map.of("big", big));
        String first = api().body(deployment).post("/v1/demo/software_deployments").then().statusCode(200)
                .extract().path("software_deployment.id");
        assertRefused("second 600 kB deployment on one server",
                api().body(deployment).post("/v1/demo/software_deployments"), 413).contains(server);

        // Nothing of the refused one was written: the server still runs the first deployment only.
        List<String> ids = api().get("/v1/demo/software_deployments?server_id=" + server).then().statusCode(200)
                .extract().jsonPath().getList("software_deployments.id");
        assertThat(ids).containsExactly(first);
        api().delete("/v1/demo/software_deployments/" + first).then().statusCode(204);
        api().delete("/v1/demo/software_configs/" + config).then().statusCode(204);
    }

    // ------------------------------------------------------------------ findings 3 and 4: constraints

    @Test
    void eightConcurrentCreatesOfOneNameGiveOne201AndSeven409() throws Exception {
        String name = "race-" + suffix();
        Map<String, Object> body = Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                resources:
                  nothing: {type: OS::Heat::None}
                """);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Callable<Response>> creates = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                creates.add(() -> api().body(body).post("/v1/demo/stacks"));
            }
            List<Response> answers = new ArrayList<>();
            for (Future<Response> answer : pool.invokeAll(creates)) {
                answers.add(answer.get());
            }
            assertThat(answers).extracting(Response::statusCode).containsOnly(201, 409)
                    .filteredOn(code -> code == 201).hasSize(1);
            for (Response answer : answers) {
                if (answer.statusCode() == 409) {
                    assertHeatBody(answer, 409);
                    assertThat(answer.jsonPath().getString("error.message")).contains(name).contains("already exists");
                }
            }
            SEEN.add("8 concurrent creates of one name: " + answers.stream().map(r -> Integer.toString(r.statusCode()))
                    .collect(Collectors.joining(",")));
        } finally {
            pool.shutdownNow();
        }
        assertThat(api().get("/v1/demo/stacks?stack_name=" + name).then().statusCode(200).extract().jsonPath()
                .getList("stacks")).hasSize(1);
        deleteStack(name);
    }

    @Test
    void valuesLongerThanTheirColumnsAreRefusedBeforeSql() {
        String config = api().body(Map.of("name", "len-" + suffix(), "group", "script", "config", "echo hi"))
                .post("/v1/demo/software_configs").then().statusCode(200).extract().path("software_config.id");
        assertRefused("server_id of 256 characters", api().body(Map.of("config_id", config, "server_id",
                "s".repeat(256), "action", "CREATE")).post("/v1/demo/software_deployments"), 400)
                .contains("server_id");
        assertRefused("action of 300 characters", api().body(Map.of("config_id", config, "server_id",
                "server-" + suffix(), "action", "A".repeat(300))).post("/v1/demo/software_deployments"), 400)
                .contains("action");
        assertRefused("config name of 2,000 characters", api().body(Map.of("name", "n".repeat(2_000), "group",
                "script", "config", "echo hi")).post("/v1/demo/software_configs"), 400).contains("name");
        assertRefused("stack name of 300 characters", api().body(Map.of("stack_name", "s".repeat(300),
                "template", "heat_template_version: 2018-08-31\n")).post("/v1/demo/stacks"), 400);
        api().delete("/v1/demo/software_configs/" + config).then().statusCode(204);
    }

    // ------------------------------------------------------------------ finding 5: Heat's body on every refusal

    @Test
    void malformedStackRequestsGetHeatsErrorBody() {
        String template = "heat_template_version: 2018-08-31\n";
        assertRefused("a JSON array as the body", api().body("[]").post("/v1/demo/stacks"), 400);
        assertRefused("a JSON string as the body", api().body("\"stack\"").post("/v1/demo/stacks"), 400);
        assertRefused("parameters not a map", api().body(Map.of("stack_name", "p-" + suffix(), "template", template,
                "parameters", List.of("a"))).post("/v1/demo/stacks"), 400);
        assertRefused("files not a map", api().body(Map.of("stack_name", "f-" + suffix(), "template", template,
                "files", "x")).post("/v1/demo/stacks"), 400);
        assertRefused("timeout_mins not a number", api().body(Map.of("stack_name", "t-" + suffix(), "template",
                template, "timeout_mins", "abc")).post("/v1/demo/stacks"), 400);
        assertRefused("a body of 11 MB", api().body("{\"stack_name\": \"" + "x".repeat(11 * 1024 * 1024) + "\"}")
                .post("/v1/demo/stacks"), 413);
        assertRefused("a JSON array as a deployment", api().body("[]").post("/v1/demo/software_deployments"), 400);
        assertRefused("an unknown path", api().get("/v1/demo/no-such-thing"), 404);
        assertRefused("a method the path does not take", api().delete("/v1/demo/stacks"), 405);
    }

    // ------------------------------------------------------------------ and the system still works

    @Test
    void afterAllThatTheSameSystemCreatesAndDeletesAStackAndIsQuietWhenIdle() throws Exception {
        // Method order is not fixed, so this test sends its own hostile request before checking the system.
        api().body(Map.of("template", REPEAT_BOMB, "parameters", repeatBombParameters()))
                .post("/v1/demo/validate").then().statusCode(400);
        String name = "after-" + suffix();
        String id = api().body(Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                resources:
                  word: {type: OS::Heat::RandomString, properties: {length: 12}}
                outputs:
                  word: {value: {get_attr: [word, value]}}
                """)).post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                !"CREATE_IN_PROGRESS".equals(status(name, id)));
        assertThat(status(name, id)).isEqualTo("CREATE_COMPLETE");
        deleteStack(name);

        // Quiet when idle: once the delete's events are out, no topic grows (a relay re-publishing a batch it
        // cannot commit would add records every second).
        try (Admin admin = Admin.create(adminProperties())) {
            Map<TopicPartition, Long> before = awaitQuiet(admin);
            Thread.sleep(5_000);
            Map<TopicPartition, Long> after = endOffsets(admin);
            assertThat(after).as("end offsets of hearth.* topics over 5 s of idleness").isEqualTo(before);
        }
    }

    private static Map<TopicPartition, Long> awaitQuiet(Admin admin) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        Map<TopicPartition, Long> last = endOffsets(admin);
        while (true) {
            Thread.sleep(2_000);
            Map<TopicPartition, Long> now = endOffsets(admin);
            if (now.equals(last)) {
                return now;
            }
            assertThat(System.nanoTime()).as("the topics stop growing within 60 s of the last request")
                    .isLessThan(deadline);
            last = now;
        }
    }

    private static Map<TopicPartition, Long> endOffsets(Admin admin) throws Exception {
        List<TopicPartition> partitions = new ArrayList<>();
        for (var description : admin.describeTopics(admin.listTopics().names().get().stream()
                .filter(t -> t.startsWith("hearth.")).toList()).allTopicNames().get().values()) {
            description.partitions().forEach(p -> partitions.add(new TopicPartition(description.name(), p.partition())));
        }
        Map<TopicPartition, OffsetSpec> latest = partitions.stream()
                .collect(Collectors.toMap(p -> p, p -> OffsetSpec.latest()));
        Map<TopicPartition, Long> offsets = new HashMap<>();
        admin.listOffsets(latest).all().get().forEach((p, info) -> offsets.put(p, info.offset()));
        return offsets;
    }

    private static Properties adminProperties() {
        Properties properties = new Properties();
        properties.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, LocalSystem.kafka());
        properties.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 10_000);
        return properties;
    }

    // ------------------------------------------------------------------ helpers

    private static RequestSpecification api() {
        return LocalSystem.api().config(BOUNDED);
    }

    private static String suffix() {
        return UUID.randomUUID().toString().substring(0, 8);
    }

    private static String status(String name, String id) {
        return api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200).extract()
                .path("stack.stack_status");
    }

    private static void deleteStack(String name) {
        String location = api().get("/v1/demo/stacks/" + name).then().statusCode(302).extract().header("Location");
        String path = location.substring(location.indexOf("/v1/"));
        api().delete(path).then().statusCode(204);
        await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(200)).until(() ->
                "DELETE_COMPLETE".equals(api().get(path).then().extract().path("stack.stack_status")));
    }

    /** Checks a refusal's status and Heat's error body; returns its message for further checks. */
    private static org.assertj.core.api.AbstractStringAssert<?> assertRefused(String what, Response response,
            int status) {
        long ms = response.timeIn(java.util.concurrent.TimeUnit.MILLISECONDS);
        SEEN.add(what + ": " + response.statusCode() + " in " + ms + " ms: " + abbreviated(response.asString()));
        assertThat(response.statusCode()).as(what + ": " + response.asString()).isEqualTo(status);
        JsonPath body = assertHeatBody(response, status);
        return assertThat(body.getString("error.message")).as(what);
    }

    private static JsonPath assertHeatBody(Response response, int status) {
        assertThat(response.contentType()).as("content type of a " + status).startsWith("application/json");
        JsonPath body = response.jsonPath();
        assertThat(body.getInt("code")).isEqualTo(status);
        assertThat(body.getString("title")).isNotBlank();
        assertThat(body.getString("explanation")).isNotBlank();
        assertThat(body.getString("error.type")).isNotBlank();
        assertThat(body.getString("error.message")).isNotBlank();
        assertThat(body.getMap("error")).containsKey("traceback");
        return body;
    }

    private static String abbreviated(String text) {
        return text.length() <= 300 ? text : text.substring(0, 300) + "...";
    }
}
