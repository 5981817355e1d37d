package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;

import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.restassured.response.Response;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every JSON answer carries {@code Content-Type: application/json} exactly, as Heat's
 * {@code JSONResponseSerializer} sends it (webob adds no charset to JSON): successes, redirects'
 * targets, Heat's error bodies and the framework's own refusals.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class JsonContentTypeApiTests {

    private static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            resources:
              pw: {type: OS::Heat::RandomString}
            outputs:
              out: {value: hello}
            """;

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    @Test
    void everyJsonAnswerIsApplicationJsonWithNoCharset() {
        StackFixtures stacks = new StackFixtures(kafka);
        String name = StackFixtures.name();
        Map<String, Object> create = Map.of("stack_name", name, "template", TEMPLATE);
        Map<String, Response> answers = new LinkedHashMap<>();
        answers.put("create", api().body(create).post("/v1/demo/stacks"));
        String id = answers.get("create").path("stack.id");
        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        stacks.resourceStatus(id, "pw", "pw-1", "OS::Heat::RandomString", "CREATE", "COMPLETE", "state changed",
                null);
        stacks.awaitEvents(id, 1);
        String eventId = api().get(canonical + "/events").path("events[0].id");
        answers.put("list", api().get("/v1/demo/stacks"));
        answers.put("list with count", api().get("/v1/demo/stacks?with_count=true&limit=1"));
        answers.put("show", api().get(canonical));
        answers.put("template", api().get(canonical + "/template"));
        answers.put("outputs", api().get(canonical + "/outputs"));
        answers.put("output", api().get(canonical + "/outputs/out"));
        answers.put("resources", api().get(canonical + "/resources"));
        answers.put("resource", api().get(canonical + "/resources/pw"));
        answers.put("metadata", api().get(canonical + "/resources/pw/metadata"));
        answers.put("events", api().get(canonical + "/events"));
        answers.put("event", api().get(canonical + "/resources/pw/events/" + eventId));
        answers.put("resource events", api().get(canonical + "/resources/pw/events"));
        answers.put("preview", api().body(Map.of("stack_name", StackFixtures.name(), "template", TEMPLATE))
                .post("/v1/demo/stacks/preview"));
        answers.put("update preview", api().body(Map.of("template", TEMPLATE)).put(canonical + "/preview"));
        answers.put("validate", api().body(Map.of("template", TEMPLATE)).post("/v1/demo/validate"));
        answers.put("template versions", api().get("/v1/demo/template_versions"));
        answers.put("functions", api().get("/v1/demo/template_versions/heat_template_version.2018-08-31/functions"));
        answers.put("resource types", api().get("/v1/demo/resource_types"));
        answers.put("resource type", api().get("/v1/demo/resource_types/OS::Heat::None"));
        answers.put("type template", api().get("/v1/demo/resource_types/OS::Heat::None/template"));
        answers.put("mark unhealthy", api().body(Map.of("mark_unhealthy", true)).patch(canonical + "/resources/pw"));
        answers.put("update", api().body(Map.of("template", TEMPLATE)).put(canonical));
        answers.put("not found", api().get("/v1/demo/stacks/nope/" + id));
        answers.put("bad request", api().get("/v1/demo/stacks?limit=many"));
        answers.put("invalid json", api().body("{").post("/v1/demo/stacks"));
        answers.put("no route", api().get("/v1/demo/nothing/here"));
        answers.put("unauthorized", given().get("/v1/demo/stacks"));
        answers.put("versions", given().get("/"));

        Map<String, String> types = new LinkedHashMap<>();
        answers.forEach((what, answer) -> types.put(what + " (" + answer.statusCode() + ")",
                answer.header("Content-Type")));
        assertThat(types).allSatisfy((what, type) -> assertThat(type).as(what).isEqualTo("application/json"));
    }
}
