package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasItem;

import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.contracts.stack.v1.StackDeleteRequested;
import io.hearth.contracts.stack.v1.StackOutputsChanged;
import io.hearth.contracts.stack.v1.StackStatusChanged;
import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;

/**
 * The stacks API as a Heat client uses it, with deployment-service's side played over the
 * real topics: the command must reach {@code hearth.stack.commands}, and status events on
 * {@code hearth.stack.events} must show up in stack-show.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackApiTests {

    private static final String TOKEN = "hearth-dev-token";
    private static final String HELLO = """
            heat_template_version: 2018-08-31
            description: says hello
            parameters:
              greeting:
                type: string
                default: hello
            outputs:
              greeting:
                description: what it says
                value: {get_param: greeting}
            """;

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private final TestDatabase db = TestDatabase.schema("template");

    private static RequestSpecification api() {
        return given().header("X-Auth-Token", TOKEN).contentType(ContentType.JSON).redirects().follow(false);
    }

    private static String name() {
        return "s-" + UUID.randomUUID().toString().substring(0, 8);
    }

    private static String create(String name, Object template, Map<String, Object> parameters) {
        return api().body(Map.of("stack_name", name, "template", template, "parameters", parameters))
                .post("/v1/demo/stacks")
                .then().statusCode(201)
                .header("Location", containsString("/v1/demo/stacks/" + name + "/"))
                .extract().path("stack.id");
    }

    @Test
    void aCreatedStackIsInProgressAndItsPlanReachesTheCommandsTopic() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = name();
            String id = create(name, HELLO, Map.of("greeting", "bonjour"));

            api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200)
                    .body("stack.stack_name", equalTo(name))
                    .body("stack.stack_status", equalTo("CREATE_IN_PROGRESS"))
                    .body("stack.parameters.greeting", equalTo("bonjour"))
                    .body("stack.description", equalTo("says hello"));

            await().atMost(Duration.ofSeconds(30)).until(() -> commands.getRecords().stream()
                    .anyMatch(r -> id.equals(r.key())));
            ConsumerRecord<String, String> record = commands.getRecords().stream()
                    .filter(r -> id.equals(r.key())).findFirst().orElseThrow();
            CloudEvent event = CloudEvent.parse(record.value());
            assertThat(event.type()).isEqualTo(StackCreateRequested.TYPE);
            assertThat(event.subject()).isEqualTo(id);
            StackCreateRequested command = event.dataAs(StackCreateRequested.class);
            assertThat(command.tenant()).isEqualTo("demo");
            assertThat(command.stackName()).isEqualTo(name);
            assertThat(command.plan().resources()).isEmpty();
            assertThat(command.plan().outputs().get("greeting").value().asText()).isEqualTo("bonjour");
        } finally {
            commands.close();
        }
    }

    @Test
    void statusEventsFromTheTopicShowInStackShowAndEventsAndNeverGoBack() {
        String name = name();
        String id = create(name, HELLO, Map.of());
        publishStatus(id, name, "CREATE", "COMPLETE", "Stack CREATE completed successfully", Map.of("greeting", "hello"), 2);
        publishStatus(id, name, "CREATE", "IN_PROGRESS", "Stack CREATE started", null, 1);

        await().atMost(Duration.ofSeconds(30)).until(() ->
                db.queryLong("select count(*) from stack_event where stack_id = ?::uuid", id) == 2);
        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200)
                .body("stack.stack_status", equalTo("CREATE_COMPLETE"))
                .body("stack.stack_status_reason", equalTo("Stack CREATE completed successfully"))
                .body("stack.outputs[0].output_key", equalTo("greeting"))
                .body("stack.outputs[0].output_value", equalTo("hello"))
                .body("stack.outputs[0].description", equalTo("what it says"));
        api().get("/v1/demo/stacks/" + name + "/" + id + "/events").then().statusCode(200)
                .body("events.resource_status", hasItem("CREATE_COMPLETE"))
                .body("events.resource_name", hasItem(name));
    }

    @Test
    void outputsPublishedAgainAfterASignalShowInStackShowWithoutAnEventUnlessOlderThanTheStatus() {
        String name = name();
        String id = create(name, HELLO, Map.of());
        publishStatus(id, name, "CREATE", "IN_PROGRESS", "Stack CREATE started", null, 1);
        publishStatus(id, name, "CREATE", "COMPLETE", "Stack CREATE completed successfully", Map.of("greeting", "hello"), 2);
        publishOutputs(id, name, "stale", 2);
        publishOutputs(id, name, "hello again", 3);

        await().atMost(Duration.ofSeconds(30)).until(() -> db.queryLong(
                "select count(*) from stack where id = ?::uuid and status_version = 3", id) == 1);
        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200)
                .body("stack.stack_status", equalTo("CREATE_COMPLETE"))
                .body("stack.outputs[0].output_value", equalTo("hello again"));
        api().get("/v1/demo/stacks/" + name + "/" + id + "/outputs/greeting").then().statusCode(200)
                .body("output.output_value", equalTo("hello again"));
        assertThat(db.queryLong("select count(*) from stack_event where stack_id = ?::uuid", id))
                .as("Heat writes no event for it").isEqualTo(2);
    }

    @Test
    void outputsTemplateAndEventsAreServedAndReachableByIdAlone() {
        String name = name();
        String id = create(name, HELLO, Map.of("greeting", "hola"));
        String canonical = "/v1/demo/stacks/" + name + "/" + id;
        publishStatus(id, name, "CREATE", "COMPLETE", "Stack CREATE completed successfully", Map.of("greeting", "hola"), 2);
        await().atMost(Duration.ofSeconds(30)).until(() ->
                db.queryLong("select count(*) from stack where id = ?::uuid and status = 'COMPLETE'", id) == 1);

        for (String section : new String[] {"events", "outputs", "template"}) {
            api().get("/v1/demo/stacks/" + id + "/" + section).then().statusCode(302)
                    .header("Location", endsWith(canonical + "/" + section));
        }
        api().get(canonical + "/outputs").then().statusCode(200)
                .body("outputs[0].output_key", equalTo("greeting"))
                .body("outputs[0].description", equalTo("what it says"));
        api().get(canonical + "/outputs/greeting").then().statusCode(200)
                .body("output.output_key", equalTo("greeting"))
                .body("output.output_value", equalTo("hola"));
        api().get(canonical + "/outputs/nope").then().statusCode(404)
                .body("error.message", equalTo("Specified output key nope not found."));
        api().get(canonical + "/template").then().statusCode(200)
                .body("heat_template_version", equalTo("2018-08-31"))
                .body("parameters.greeting.default", equalTo("hello"));
    }

    @Test
    void stackShowGivesEveryParameterAsTextAndHidesHiddenOnesAsHeatDoes() {
        String name = name();
        String id = api().body(Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                parameters:
                  size: {type: number}
                  zones: {type: comma_delimited_list, default: [a, b]}
                  secret: {type: string, hidden: true}
                """, "parameters", Map.of("size", "12", "secret", "s3cret")))
                .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        api().get("/v1/demo/stacks/" + name + "/" + id).then().statusCode(200)
                .body("stack.parameters.size", equalTo("12"))
                .body("stack.parameters.zones", equalTo("a,b"))
                .body("stack.parameters.secret", equalTo("******"))
                .body("stack.parameters.'OS::stack_name'", equalTo(name));
    }

    @Test
    void showByNameOrIdRedirectsToTheCanonicalUrl() {
        String name = name();
        String id = create(name, HELLO, Map.of());
        api().get("/v1/demo/stacks/" + name).then().statusCode(302)
                .header("Location", endsWith("/v1/demo/stacks/" + name + "/" + id));
        api().get("/v1/demo/stacks/" + id).then().statusCode(302)
                .header("Location", endsWith("/v1/demo/stacks/" + name + "/" + id));
        api().get("/v1/demo/stacks").then().statusCode(200).body("stacks.stack_name", hasItem(name));
    }

    @Test
    void aNameShapedLikeAnIdStillFindsItsStackAsInHeat() {
        String name = "a" + UUID.randomUUID().toString().substring(1); // a valid stack name that parses as a UUID
        String id = create(name, HELLO, Map.of());
        api().get("/v1/demo/stacks/" + name).then().statusCode(302)
                .header("Location", endsWith("/v1/demo/stacks/" + name + "/" + id));
    }

    @Test
    void deleteRedirectsByNameAsksDeploymentServiceAndHidesTheStackOnceDeleted() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String name = name();
            String id = create(name, HELLO, Map.of());
            String canonical = "/v1/demo/stacks/" + name + "/" + id;
            api().delete("/v1/demo/stacks/" + name).then().statusCode(302).header("Location", endsWith(canonical));
            api().delete(canonical).then().statusCode(204);
            api().get(canonical).then().statusCode(200).body("stack.stack_status", equalTo("DELETE_IN_PROGRESS"));
            await().atMost(Duration.ofSeconds(30)).until(() -> commands.getRecords().stream()
                    .anyMatch(r -> id.equals(r.key()) && r.value().contains(StackDeleteRequested.TYPE)));

            publishStatus(id, name, "DELETE", "COMPLETE", "Stack DELETE completed successfully", null, 4);
            await().atMost(Duration.ofSeconds(30)).until(() ->
                    db.queryLong("select count(*) from stack where id = ?::uuid and deleted_at is not null", id) == 1);
            api().get(canonical).then().statusCode(200).body("stack.stack_status", equalTo("DELETE_COMPLETE"));
            api().get("/v1/demo/stacks/" + name).then().statusCode(404);
            api().get("/v1/demo/stacks/" + id).then().statusCode(302).header("Location", endsWith(canonical));
            api().delete("/v1/demo/stacks/" + id).then().statusCode(302).header("Location", endsWith(canonical));
            api().get("/v1/demo/stacks").then().statusCode(200)
                    .body("stacks.stack_name", org.hamcrest.Matchers.not(hasItem(name)));
            api().delete(canonical).then().statusCode(404);
        } finally {
            commands.close();
        }
    }

    @Test
    void tokensAreCheckedAndTenantsSeeOnlyTheirOwnStacks() {
        String name = name();
        String id = create(name, HELLO, Map.of());
        given().get("/v1/demo/stacks").then().statusCode(401)
                .body("error.message", containsString("Authentication required"));
        given().header("X-Auth-Token", "forged").get("/v1/demo/stacks").then().statusCode(401)
                .body("error.message", equalTo("The token is not valid"));
        given().header("Authorization", "Bearer " + TOKEN).get("/v1/demo/stacks").then().statusCode(200);
        given().header("X-Auth-Token", TOKEN).get("/v1/other/stacks").then().statusCode(403);
        given().header("X-Auth-Token", "other-token").get("/v1/other/stacks/" + name + "/" + id)
                .then().statusCode(404).body("error.message", equalTo("The Stack (" + name + ") could not be found."));
    }

    @Test
    void resourcesAreCheckedAgainstTheirTypesAndTheEnvironmentMapsOpenStackTypes() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String template = """
                    heat_template_version: 2018-08-31
                    parameters:
                      port: {type: number, default: 80, constraints: [{range: {min: 1, max: 65535}}]}
                    resources:
                      net: {type: OS::Neutron::Net}
                      pw: {type: OS::Heat::RandomString, properties: {length: {get_param: port}}}
                    """;
            String broken = template.replace("length: {get_param: port}", "length: {get_param: port}, bogus: 1");
            api().body(Map.of("stack_name", name(), "template", broken)).post("/v1/demo/stacks")
                    .then().statusCode(400)
                    .body("error.type", equalTo("ResourceTypeUnavailable"))
                    .body("error.message", containsString("HEAT-E99001 Service neutron is not available for resource"
                            + " type OS::Neutron::Net, reason: neutron network endpoint is not in service catalog."))
                    .body("error.message", containsString("Unknown Property bogus (template, line 6, column"));
            api().body(Map.of("stack_name", name(), "template", template, "parameters", Map.of("port", "70000")))
                    .post("/v1/demo/stacks").then().statusCode(400)
                    .body("error.message", containsString("70000 is out of range (min: 1, max: 65535)"));

            String name = name();
            String id = api().body(Map.of("stack_name", name, "template", template, "parameters", Map.of("port", "32"),
                            "environment", Map.of("resource_registry", Map.of("OS::Neutron::*", "OS::Heat::None"))))
                    .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
            await().atMost(Duration.ofSeconds(30)).until(() -> commands.getRecords().stream()
                    .anyMatch(r -> id.equals(r.key())));
            StackCreateRequested command = CloudEvent.parse(commands.getRecords().stream()
                    .filter(r -> id.equals(r.key())).findFirst().orElseThrow().value()).dataAs(StackCreateRequested.class);
            assertThat(command.plan().resources()).extracting(r -> r.name() + "=" + r.type())
                    .containsExactly("net=OS::Heat::None", "pw=OS::Heat::RandomString");
            assertThat(command.plan().resources().get(1).properties().get("length").asInt()).isEqualTo(32);
        } finally {
            commands.close();
        }
    }

    @Test
    void staticFunctionsAreEvaluatedAndRuntimeReferencesStayForDeploymentService() {
        ConsumerTask<String, String> commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
        try {
            String template = """
                    heat_template_version: 2018-08-31
                    parameters:
                      env: {type: string, default: prod}
                    conditions:
                      is_prod: {equals: [{get_param: env}, prod]}
                      is_dev: {equals: [{get_param: env}, dev]}
                    resources:
                      pw: {type: OS::Heat::RandomString}
                      debug: {type: OS::Heat::None, condition: is_dev}
                      cfg:
                        type: OS::Heat::SoftwareConfig
                        properties:
                          config:
                            str_replace:
                              template: {get_file: setup.sh}
                              params: {$ENV: {get_param: env}, $PW: {get_attr: [pw, value]}}
                    outputs:
                      where: {value: {list_join: ['-', [{get_param: env}, {get_param: OS::stack_name}]]}}
                      prod_only: {value: yes, condition: is_prod}
                    """;
            String name = name();
            String id = api().body(Map.of("stack_name", name, "template", template,
                            "files", Map.of("setup.sh", "deploy $ENV with $PW")))
                    .post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
            await().atMost(Duration.ofSeconds(30)).until(() -> commands.getRecords().stream()
                    .anyMatch(r -> id.equals(r.key())));
            StackCreateRequested command = CloudEvent.parse(commands.getRecords().stream()
                    .filter(r -> id.equals(r.key())).findFirst().orElseThrow().value()).dataAs(StackCreateRequested.class);
            assertThat(command.plan().resources()).extracting(r -> r.name()).containsExactly("pw", "cfg");
            var config = command.plan().resources().get(1).properties().get("config");
            assertThat(config.get("str_replace").get("template").asText()).isEqualTo("deploy $ENV with $PW");
            assertThat(config.get("str_replace").get("params").get("$ENV").asText()).isEqualTo("prod");
            assertThat(config.get("str_replace").get("params").get("$PW").get("get_attr").get(0).asText())
                    .isEqualTo("pw");
            assertThat(command.plan().resources().get(1).dependsOn()).containsExactly("pw");
            assertThat(command.plan().outputs().get("where").value().asText()).isEqualTo("prod-" + name);
            assertThat(command.plan().outputs()).containsKey("prod_only");

            api().body(Map.of("stack_name", name(), "template",
                            template.replace("{get_file: setup.sh}", "{get_file: missing.sh}")))
                    .post("/v1/demo/stacks").then().statusCode(400)
                    .body("error.message", containsString("resources.cfg.properties.config.str_replace"));
        } finally {
            commands.close();
        }
    }

    @Test
    void badInputIsRefusedPreciselyAndStoresNothing() {
        long stacksBefore = db.queryLong("select count(*) from stack");
        long outboxBefore = db.queryLong("select count(*) from outbox_event");
        String name = name();
        api().body(Map.of("stack_name", name, "template", "heat_template_version: 2018-08-31\nresources: [a\n"))
                .post("/v1/demo/stacks").then().statusCode(400)
                .body("error.type", equalTo("StackValidationFailed"))
                .body("error.message", containsString("Error parsing template at line"));
        api().body(Map.of("stack_name", name, "template", HELLO, "parameters", Map.of("colour", "red")))
                .post("/v1/demo/stacks").then().statusCode(400)
                .body("error.message", equalTo("The Parameter (colour) was not defined in template."));
        api().body(Map.of("stack_name", name, "template", "description: no version\nbogus: 1\n"))
                .post("/v1/demo/stacks").then().statusCode(400)
                .body("error.message", containsString("heat_template_version is missing"))
                .body("error.message", containsString("The template section is invalid: bogus"));
        api().body(Map.of("stack_name", name, "template", "heat_template_version: 2099-01-01\n"))
                .post("/v1/demo/stacks").then().statusCode(400)
                .body("error.message", containsString("The template version is invalid: "
                        + "\"heat_template_version: 2099-01-01\". \"heat_template_version\" should be one of: "));
        api().body(Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                resources:
                  a: {type: OS::Heat::None, depends_on: b}
                  b: {type: OS::Heat::None, properties: {x: {get_resource: a}}}
                """)).post("/v1/demo/stacks").then().statusCode(400)
                .body("error.message", equalTo("Circular Dependency Found: a -> b -> a"));
        api().body(Map.of("stack_name", "1bad", "template", HELLO)).post("/v1/demo/stacks").then().statusCode(400)
                .body("error.message", containsString("Invalid stack name 1bad"));
        api().body("{not json").post("/v1/demo/stacks").then().statusCode(400);
        assertThat(db.queryLong("select count(*) from stack")).isEqualTo(stacksBefore);
        assertThat(db.queryLong("select count(*) from outbox_event")).isEqualTo(outboxBefore);

        create(name, HELLO, Map.of());
        api().body(Map.of("stack_name", name, "template", HELLO)).post("/v1/demo/stacks").then().statusCode(409)
                .body("error.message", equalTo("The Stack (" + name + ") already exists."));
    }

    private void publishOutputs(String id, String name, String greeting, long version) {
        CloudEvent event = CloudEvent.of("/hearth/deployment-service", id, new StackOutputsChanged(id, "demo", name,
                Map.of("greeting", com.fasterxml.jackson.databind.node.TextNode.valueOf(greeting)), version));
        kafka.produceStrings().fromRecords(new ProducerRecord<>(Topics.STACK_EVENTS, id, event.toJson()))
                .awaitCompletion();
    }

    private void publishStatus(String id, String name, String action, String status, String reason,
            Map<String, Object> outputs, long version) {
        Map<String, com.fasterxml.jackson.databind.JsonNode> values = outputs == null ? null
                : Map.of("greeting", com.fasterxml.jackson.databind.node.TextNode.valueOf((String) outputs.get("greeting")));
        CloudEvent event = CloudEvent.of("/hearth/deployment-service", id,
                new StackStatusChanged(id, "demo", name, action, status, reason, values, version));
        kafka.produceStrings().fromRecords(new ProducerRecord<>(Topics.STACK_EVENTS, id, event.toJson()))
                .awaitCompletion();
    }
}
