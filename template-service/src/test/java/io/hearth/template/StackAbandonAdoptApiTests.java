package io.hearth.template;

import static io.hearth.template.StackFixtures.api;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.stack.v1.StackAbandonRequested;
import io.hearth.contracts.stack.v1.StackAdoptRequested;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Heat's abandon and adopt on the public endpoint, deployment-service's runtime export played by
 * {@link FakeDeploymentService}: abandon answers Heat's abandon data with Hearth's signed records and forgets the
 * stack (404 afterwards) with a {@code StackAbandonRequested}; the data, sent back as heatclient sends it (a JSON
 * string), adopts the stack under its id (ADOPT_IN_PROGRESS, {@code StackAdoptRequested} with the records); forged,
 * foreign or malformed data is a 400 naming the problem and stores nothing; an id in use is 409.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
@WithTestResource(FakeDeploymentService.class)
class StackAbandonAdoptApiTests {

    static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            parameters:
              greeting: {type: string, default: hello}
            resources:
              server:
                type: OS::Nova::Server
                properties: {image: fedora, flavor: m1.small, user_data_format: SOFTWARE_CONFIG}
              config:
                type: OS::Heat::SoftwareConfig
                properties: {config: "#!/bin/sh"}
              deploy:
                type: OS::Heat::SoftwareDeployment
                properties:
                  config: {get_resource: config}
                  server: {get_resource: server}
                  input_values: {foo: {get_param: greeting}}
            """;

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private StackFixtures stacks;
    private ConsumerTask<String, String> commands;

    @BeforeEach
    void fixtures() {
        stacks = new StackFixtures(kafka);
        commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
    }

    @AfterEach
    void close() {
        commands.close();
    }

    @Test
    void abandonAnswersHeatsDataAndForgetsTheStackAndTheDataAdoptsItBackUnderItsId() {
        String name = StackFixtures.name();
        String id = created(name, Map.of("greeting", "hi"));

        String answer = api().delete("/v1/demo/stacks/" + name + "/" + id + "/abandon").then().statusCode(200)
                .extract().asString();
        JsonNode data = HearthJson.readTree(answer);
        assertThat(data.get("name").asText()).isEqualTo(name);
        assertThat(data.get("id").asText()).isEqualTo(id);
        assertThat(data.get("action").asText() + "_" + data.get("status").asText()).isEqualTo("CREATE_COMPLETE");
        assertThat(data.get("project_id").asText()).isEqualTo("demo");
        assertThat(data.get("template").path("resources").has("deploy")).isTrue();
        assertThat(data.get("environment").path("parameters").path("greeting").asText()).isEqualTo("hi");
        JsonNode deploy = data.get("resources").get("deploy");
        assertThat(deploy.get("type").asText()).isEqualTo("OS::Heat::SoftwareDeployment");
        assertThat(deploy.get("resource_id").asText()).isEqualTo(FakeDeploymentService.id(id, "deploy"));
        assertThat(deploy.path("resource_data").path("hearth").path("deployment").path("generation").asLong())
                .isEqualTo(1);
        assertThat(data.get("resources").fieldNames()).toIterable().containsExactlyInAnyOrder("server", "config",
                "deploy");
        assertThat(data.get("hearth_signature").asText()).startsWith("kid=");
        assertThat(command(StackAbandonRequested.TYPE, id).dataAs(StackAbandonRequested.class))
                .isEqualTo(new StackAbandonRequested(id, "demo", name));

        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(404);
        assertThat(api().get("/v1/demo/stacks").then().statusCode(200).extract().jsonPath()
                .getList("stacks.id", String.class)).doesNotContain(id);
        api().delete("/v1/demo/stacks/" + name + "/" + id + "/abandon").then().statusCode(404);

        // heatclient's stack-adopt: the file's text as adopt_stack_data, no template.
        api().body(Map.of("stack_name", name, "adopt_stack_data", answer)).post("/v1/demo/stacks").then()
                .statusCode(201).body("stack.id", equalTo(id));
        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200)
                .body("stack.stack_status", equalTo("ADOPT_IN_PROGRESS"))
                .body("stack.parameters.greeting", equalTo("hi"));
        StackAdoptRequested adopt = command(StackAdoptRequested.TYPE, id).dataAs(StackAdoptRequested.class);
        assertThat(adopt.resources()).containsOnlyKeys("server", "config", "deploy");
        assertThat(adopt.resources().get("deploy").deployment().generation()).isEqualTo(1);
        assertThat(adopt.resources().get("server").physicalId()).isEqualTo(FakeDeploymentService.id(id, "server"));

        // The same data again: the id is live now.
        api().body(Map.of("stack_name", "other-" + name, "adopt_stack_data", answer)).post("/v1/demo/stacks")
                .then().statusCode(409).body("error.type", equalTo("Conflict"));
    }

    @Test
    void forgedForeignOrMalformedAdoptDataIsRefusedNamingTheProblemAndStoresNothing() {
        String name = StackFixtures.name();
        String id = created(name, Map.of());
        ObjectNode data = (ObjectNode) HearthJson.readTree(api().delete("/v1/demo/stacks/" + name + "/" + id
                + "/abandon").then().statusCode(200).extract().asString());

        ObjectNode forged = data.deepCopy();
        ((ObjectNode) forged.at("/resources/deploy/resource_data/hearth/deployment")).put("generation", 7);
        refused(name, forged.toString(), null,
                "Invalid adopt data: the Hearth records (resource_data.hearth) do not match 'hearth_signature': "
                        + "they were changed, or abandoned by another project or stack");
        given("other-token").body(Map.of("stack_name", name, "adopt_stack_data", data.toString()))
                .post("/v1/other/stacks").then().statusCode(400)
                .body("error.message", equalTo("Invalid adopt data: the Hearth records (resource_data.hearth) do "
                        + "not match 'hearth_signature': they were changed, or abandoned by another project or stack"));
        ObjectNode unsigned = data.deepCopy();
        unsigned.remove("hearth_signature");
        refused(name, unsigned.toString(), null,
                "Invalid adopt data: 'hearth_signature' is missing: only data Hearth abandoned can be adopted");
        refused(name, "{not json", null, null);
        ObjectNode noTemplate = data.deepCopy();
        noTemplate.remove("template");
        refused(name, noTemplate.toString(), null, "Invalid adopt data: 'template' is missing or not an object");

        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(404);
        assertThat(commands.getRecords()).noneMatch(r -> r.value().contains(StackAdoptRequested.TYPE)
                && r.value().contains(id));
    }

    @Test
    void heatsOwnDataOfANestedRandomStringIsAdoptedUnderANewIdAndAnUnsignedServerIsRefused() {
        String name = StackFixtures.name();
        String nested = """
                heat_template_version: 2018-08-31
                resources:
                  RealRandom: {type: OS::Heat::RandomString}
                outputs:
                  the_str: {value: {get_attr: [RealRandom, value]}}
                """;
        // Heat's functional TemplateResourceAdoptTest: no id, no signature, the nested stack's data in its resource
        ObjectNode data = (ObjectNode) HearthJson.readTree("""
                {"resources": {"the_nested": {"type": "the.yaml", "resources": {"RealRandom": {
                   "type": "OS::Heat::RandomString", "resource_data": {"value": "goopie"}, "resource_id": "froggy"}}}},
                 "environment": {"parameters": {}}}""");
        data.set("template", HearthJson.readTree("""
                {"heat_template_version": "2018-08-31", "resources": {"the_nested": {"type": "the.yaml"}},
                 "outputs": {"value": {"value": {"get_attr": ["the_nested", "the_str"]}}}}"""));
        String id = api().body(Map.of("stack_name", name, "adopt_stack_data", data.toString(),
                "files", Map.of("the.yaml", nested))).post("/v1/demo/stacks").then().statusCode(201)
                .extract().path("stack.id");
        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200)
                .body("stack.stack_status", equalTo("ADOPT_IN_PROGRESS"));
        StackAdoptRequested adopt = command(StackAdoptRequested.TYPE, id).dataAs(StackAdoptRequested.class);
        assertThat(adopt.resources()).isEmpty();
        assertThat(adopt.adopted().at("/the_nested/resources/RealRandom/resource_data/value").asText())
                .isEqualTo("goopie");

        ObjectNode server = (ObjectNode) HearthJson.readTree("""
                {"resources": {"server": {"type": "OS::Nova::Server", "resource_id": "someone-elses-server"}}}""");
        server.set("template", HearthJson.readTree("""
                {"heat_template_version": "2018-08-31", "resources": {
                   "server": {"type": "OS::Nova::Server", "properties": {"image": "fedora", "flavor": "m1.small"}}}}"""));
        refused("other-" + name, server.toString(), null, "Invalid adopt data: resources.server is OS::Nova::Server: "
                + "without 'hearth_signature' (Hearth's own abandon data) only OS::Heat::RandomString, OS::Heat::None "
                + "and nested stacks (template resources, OS::Heat::ResourceGroup) made of them can be adopted, as "
                + "their data can forge nothing");
        api().get("/v1/demo/stacks/other-" + name).then().statusCode(404);
    }

    @Test
    void aStackWhoseActionIsInProgressIsNotAbandoned() {
        String name = StackFixtures.name();
        String id = stacks.create(name, TEMPLATE);
        api().delete("/v1/demo/stacks/" + name + "/" + id + "/abandon").then().statusCode(409)
                .body("error.type", equalTo("ActionInProgress"))
                .body("error.message", equalTo("Stack " + name + " already has an action (CREATE) in progress."));
        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200);
    }

    @Test
    void aRuntimeThatCannotBeReadIsA502AndTheStackStays() {
        String name = StackFixtures.name();
        String id = created(name, Map.of());
        // FakeDeploymentService answers only X-Auth-Token: the Bearer token reaches template-service but not it.
        io.restassured.RestAssured.given().header("Authorization", "Bearer " + StackFixtures.TOKEN)
                .delete("/v1/demo/stacks/" + name + "/" + id + "/abandon").then().statusCode(502)
                .body("error.type", equalTo("BadGateway"));
        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200)
                .body("stack.stack_status", equalTo("CREATE_COMPLETE"));
        assertThat(commands.getRecords()).noneMatch(r -> r.value().contains(StackAbandonRequested.TYPE)
                && r.value().contains(id));
    }

    /** A stack created through the API and shown CREATE_COMPLETE, as deployment-service would make it. */
    private String created(String name, Map<String, String> parameters) {
        String id = api().body(Map.of("stack_name", name, "template", TEMPLATE, "parameters", parameters))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        stacks.stackStatus(id, name, "CREATE", "COMPLETE", 2);
        await().atMost(Duration.ofSeconds(30)).until(() -> "CREATE_COMPLETE".equals(api()
                .get("/v1/demo/stacks/" + name + "/" + id).then().extract().path("stack.stack_status")));
        return id;
    }

    private void refused(String name, String data, String ignored, String message) {
        var answer = api().body(Map.of("stack_name", name, "adopt_stack_data", data)).post("/v1/demo/stacks").then()
                .statusCode(400).body("error.type", equalTo("InvalidRequest"));
        if (message != null) {
            answer.body("error.message", equalTo(message));
        }
    }

    private static io.restassured.specification.RequestSpecification given(String token) {
        return io.restassured.RestAssured.given().header("X-Auth-Token", token)
                .contentType(io.restassured.http.ContentType.JSON);
    }

    private CloudEvent command(String type, String id) {
        await().atMost(Duration.ofSeconds(30)).until(() -> find(type, id) != null);
        return find(type, id);
    }

    private CloudEvent find(String type, String id) {
        List<CloudEvent> found = commands.getRecords().stream().filter(r -> id.equals(r.key()))
                .map(r -> CloudEvent.parse(r.value())).filter(e -> type.equals(e.type())).toList();
        return found.isEmpty() ? null : found.get(found.size() - 1);
    }
}
