package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.endsWith;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;
import static org.hamcrest.Matchers.notNullValue;
import static org.hamcrest.Matchers.nullValue;

import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** Stack preview: Heat's body from the plan, with nothing stored and nothing sent. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class StackPreviewApiTests {

    private static final String TEMPLATE = """
            heat_template_version: 2018-08-31
            description: previewed
            parameters:
              size: {type: number, default: 16}
              secret: {type: string, default: x, hidden: true}
            resources:
              pw:
                type: OS::Heat::RandomString
                properties: {length: {get_param: size}}
              cfg:
                type: OS::Heat::SoftwareConfig
                metadata: {owner: {get_param: OS::stack_name}}
                properties:
                  config: {get_attr: [pw, value]}
              net: {type: OS::Neutron::Net, properties: {name: private}}
            outputs:
              password:
                description: the password
                value: {get_attr: [pw, value]}
            """;

    private final TestDatabase db = TestDatabase.schema("template");

    private static RequestSpecification api() {
        return given().header("X-Auth-Token", "hearth-dev-token").contentType(ContentType.JSON).redirects()
                .follow(false);
    }

    private static String name() {
        return "p-" + UUID.randomUUID().toString().substring(0, 8);
    }

    @Test
    void previewShowsTheStackAndEveryResourceOfThePlanAndStoresAndSendsNothing() {
        long stacks = db.queryLong("select count(*) from stack");
        long outbox = db.queryLong("select count(*) from outbox_event");
        String name = name();

        api().body(Map.of("stack_name", name, "template", TEMPLATE, "parameters", Map.of("size", "24"),
                        "environment", Map.of("resource_registry", Map.of("OS::Neutron::*", "OS::Heat::None")),
                        "timeout_mins", 5))
                .post("/v1/demo/stacks/preview").then().statusCode(200)
                .body("stack.id", equalTo("None"))
                .body("stack.stack_name", equalTo(name))
                .body("stack.links[0].href", endsWith("/v1/demo/stacks/" + name + "/None"))
                .body("stack.links[0].rel", equalTo("self"))
                .body("stack.description", equalTo("previewed"))
                .body("stack.template_description", equalTo("previewed"))
                .body("stack", not(hasKey("stack_status")))
                .body("stack.creation_time", notNullValue())
                .body("stack.updated_time", nullValue())
                .body("stack.timeout_mins", equalTo(5))
                .body("stack.disable_rollback", equalTo(true))
                .body("stack.parameters.size", equalTo("24"))
                .body("stack.parameters.secret", equalTo("******"))
                .body("stack.parameters.'OS::stack_name'", equalTo(name))
                .body("stack.parameters.'OS::stack_id'", equalTo("None"))
                .body("stack.parameters.'OS::project_id'", equalTo("demo"))
                .body("stack.outputs[0].output_key", equalTo("password"))
                .body("stack.outputs[0].description", equalTo("the password"))
                .body("stack.resources.resource_name", equalTo(List.of("pw", "cfg", "net")))
                .body("stack.resources[0].resource_type", equalTo("OS::Heat::RandomString"))
                .body("stack.resources[0].required_by", equalTo(List.of("cfg")))
                .body("stack.resources[0].resource_action", equalTo("INIT"))
                .body("stack.resources[0].resource_status", equalTo("COMPLETE"))
                .body("stack.resources[0].physical_resource_id", equalTo(""))
                .body("stack.resources[0].properties.length", equalTo(24))
                .body("stack.resources[0].properties.character_classes[0].class", equalTo("lettersdigits"))
                .body("stack.resources[0].properties", hasKey("salt"))
                .body("stack.resources[0].properties.salt", nullValue())
                .body("stack.resources[0].attributes", hasKey("value"))
                .body("stack.resources[0].attributes", not(hasKey("show")))
                .body("stack.resources[0].resource_identity.path", equalTo("/resources/pw"))
                .body("stack.resources[0].resource_identity.stack_id", equalTo("None"))
                .body("stack.resources[0].stack_identity.stack_name", equalTo(name))
                .body("stack.resources[0].stack_identity.path", equalTo(""))
                .body("stack.resources[1].required_by", equalTo(List.of()))
                .body("stack.resources[1].metadata.owner", equalTo(name))
                .body("stack.resources[1].properties.config.get_attr", equalTo(List.of("pw", "value")))
                .body("stack.resources[2].resource_type", equalTo("OS::Neutron::Net"))
                .body("stack.resources[2].properties", equalTo(Map.of()))
                .body("stack.resources[2].description", equalTo(""));

        assertThat(db.queryLong("select count(*) from stack")).isEqualTo(stacks);
        assertThat(db.queryLong("select count(*) from outbox_event")).isEqualTo(outbox);
        api().get("/v1/demo/stacks/" + name).then().statusCode(404);
    }

    @Test
    void previewRefusesWhatCreateRefuses() {
        api().body(Map.of("stack_name", name(), "template", TEMPLATE)).post("/v1/demo/stacks/preview")
                .then().statusCode(400)
                .body("error.type", equalTo("ResourceTypeUnavailable"))
                .body("error.message", equalTo("HEAT-E99001 Service neutron is not available for resource type "
                        + "OS::Neutron::Net, reason: neutron network endpoint is not in service catalog."));
        api().body(Map.of("stack_name", "1bad", "template", "heat_template_version: 2018-08-31\n"))
                .post("/v1/demo/stacks/preview").then().statusCode(400)
                .body("error.message", containsString("Invalid stack name 1bad"));
        api().body(Map.of("stack_name", name(), "template", "heat_template_version: 2018-08-31\n",
                        "parameters", Map.of("colour", "red")))
                .post("/v1/demo/stacks/preview").then().statusCode(400)
                .body("error.message", equalTo("The Parameter (colour) was not defined in template."));

        String taken = name();
        api().body(Map.of("stack_name", taken, "template", "heat_template_version: 2018-08-31\n"))
                .post("/v1/demo/stacks").then().statusCode(201);
        api().body(Map.of("stack_name", taken, "template", "heat_template_version: 2018-08-31\n"))
                .post("/v1/demo/stacks/preview").then().statusCode(409)
                .body("error.message", equalTo("The Stack (" + taken + ") already exists."));
        api().body(Map.of("stack_name", "minimal", "template", "heat_template_version: 2018-08-31\n"))
                .post("/v1/demo/stacks/preview").then().statusCode(200)
                .body("stack.description", equalTo("No description"))
                .body("stack.resources", equalTo(List.of()));
    }
}
