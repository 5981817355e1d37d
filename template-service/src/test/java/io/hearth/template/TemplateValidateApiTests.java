package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.containsString;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;
import static org.hamcrest.Matchers.not;

import io.hearth.contracts.envelope.HearthJson;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Template-validate: Heat's answer, key for key, and Heat's refusals. */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class TemplateValidateApiTests {

    private static final String EVERY_KIND = """
            heat_template_version: 2018-08-31
            description: every parameter kind
            parameter_groups:
              - label: Server
                description: where it runs
                parameters: [flavor, port]
              - label: Secrets
                parameters: [password]
            parameters:
              flavor:
                type: string
                label: Flavor
                description: the size
                default: m1.small
                constraints:
                  - allowed_values: [m1.small, m1.large]
                    description: a known size.
                  - length: {min: 2, max: 20}
                  - allowed_pattern: "m1\\\\..*"
                    description: an m1 size.
                  - custom_constraint: nova.flavor
              port:
                type: number
                default: 80
                constraints:
                  - range: {min: 1, max: 65535}
                  - modulo: {step: 2, offset: 0}
                    description: even ports only.
              password:
                type: string
                hidden: true
              names:
                type: comma_delimited_list
                default: "a,b"
                tags: [naming]
                constraints:
                  - length: {max: 3}
              config:
                type: json
                default: {debug: true}
              enabled:
                type: boolean
                default: true
                immutable: true
            resources:
              pw:
                type: OS::Heat::RandomString
                properties:
                  salt: {get_param: password}
            """;

    private static final String EXPECTED = """
            {
              "Description": "every parameter kind",
              "Parameters": {
                "flavor": {"Type": "String", "Description": "the size", "NoEcho": "false", "Label": "Flavor",
                           "Default": "m1.small", "AllowedValues": ["m1.small", "m1.large"], "MinLength": 2,
                           "MaxLength": 20, "AllowedPattern": "m1\\\\..*", "CustomConstraint": "nova.flavor",
                           "ConstraintDescription": "a known size. an m1 size."},
                "port": {"Type": "Number", "Description": "", "NoEcho": "false", "Label": "port", "Default": 8080,
                         "MinValue": 1, "MaxValue": 65535, "Step": 2, "Offset": 0,
                         "ConstraintDescription": "even ports only."},
                "password": {"Type": "String", "Description": "", "NoEcho": "true", "Label": "password",
                             "Value": "s3cret"},
                "names": {"Type": "CommaDelimitedList", "Description": "", "NoEcho": "false", "Label": "names",
                          "Default": "a,b", "Tags": ["naming"], "MaxLength": 3},
                "config": {"Type": "Json", "Description": "", "NoEcho": "false", "Label": "config",
                           "Default": {"debug": true}},
                "enabled": {"Type": "Boolean", "Description": "", "NoEcho": "false", "Label": "enabled",
                            "Default": true}
              },
              "ParameterGroups": [
                {"label": "Server", "description": "where it runs", "parameters": ["flavor", "port"]},
                {"label": "Secrets", "parameters": ["password"]}
              ],
              "Environment": {
                "resource_registry": {"resources": {}},
                "parameters": {"password": "s3cret"},
                "parameter_defaults": {"port": 8080},
                "event_sinks": []
              }
            }
            """;

    private static RequestSpecification api() {
        return given().header("X-Auth-Token", "hearth-dev-token").contentType(ContentType.JSON);
    }

    @Test
    void validateDescribesEveryParameterTypeAndConstraintKindAsHeatDoes() {
        String body = api().body(Map.of("template", EVERY_KIND, "parameters", Map.of("password", "s3cret"),
                        "environment", Map.of("parameter_defaults", Map.of("port", 8080))))
                .post("/v1/demo/validate").then().log().ifValidationFails().statusCode(200).extract().asString();
        com.fasterxml.jackson.databind.node.ObjectNode result = (com.fasterxml.jackson.databind.node.ObjectNode)
                HearthJson.readTree(body);
        // Hearth's one addition: what it accepts without checking
        assertThat(result.remove("Warnings").size()).isEqualTo(1);
        assertThat(result).isEqualTo(HearthJson.readTree(EXPECTED));
    }

    @Test
    void parametersNeedNoValuesAndTheEnvironmentMayComeAsText() {
        String template = """
                heat_template_version: 2018-08-31
                parameters:
                  key: {type: string, constraints: [{length: {min: 3}}]}
                resources:
                  stub: {type: OS::Neutron::Port, properties: {name: {get_param: key}}}
                """;
        api().body(Map.of("template", template, "parameters", Map.of("key", "x"),
                        "environment", "resource_registry:\n  OS::Neutron::Port: OS::Heat::None\n"))
                .post("/v1/demo/validate?show_nested=true&ignore_errors=99001").then().statusCode(200)
                .body("Description", equalTo("No description"))
                .body("Parameters.key.Value", equalTo("x"))
                .body("Parameters.key.MinLength", equalTo(3))
                .body("Parameters.key", not(hasKey("Default")))
                .body("$", not(hasKey("ParameterGroups")))
                .body("Environment.resource_registry.'OS::Neutron::Port'", equalTo("OS::Heat::None"))
                .body("Environment.resource_registry.resources", equalTo(Map.of()));
        api().body(Map.of("template", template.replace("OS::Neutron::Port", "OS::Heat::None")))
                .post("/v1/demo/validate").then().statusCode(200)
                .body("Parameters.key", not(hasKey("Value")));
    }

    @Test
    void aDeploymentsTimeoutIsValidatedLikeAnyIntegerProperty() {
        String template = """
                heat_template_version: 2018-08-31
                parameters:
                  deploy_timeout: {type: number, default: 300}
                resources:
                  config: {type: OS::Heat::SoftwareConfig, properties: {config: echo hi}}
                  server: {type: OS::Nova::Server, properties: {image: fedora, flavor: m1.small}}
                  deployment:
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      config: {get_resource: config}
                      server: {get_resource: server}
                      timeout: {get_param: deploy_timeout}
                  quick:
                    type: OS::Heat::StructuredDeployment
                    properties: {server: {get_resource: server}, timeout: 5}
                """;
        api().body(Map.of("template", template)).post("/v1/demo/validate").then().statusCode(200)
                .body("Parameters.deploy_timeout.Default", equalTo(300));
        api().body(Map.of("template", template.replace("timeout: 5", "timeout: -5"))).post("/v1/demo/validate")
                .then().statusCode(400)
                .body("error.message", containsString("resources.quick.properties.timeout: -5 is out of range"
                        + " (min: 1, max: None)"));
    }

    @Test
    void anInvalidTemplateIsRefusedWithTheProblemsCreateReports() {
        String broken = """
                heat_template_version: 2018-08-31
                parameters:
                  port: {type: number, default: 0, constraints: [{range: {min: 1}}]}
                resources:
                  pw: {type: OS::Heat::RandomString, properties: {bogus: 1}}
                """;
        api().body(Map.of("template", broken)).post("/v1/demo/validate").then().statusCode(400)
                .body("error.type", equalTo("HTTPBadRequest"))
                .body("error.message", containsString("resources.pw.properties: Unknown Property bogus (template, line 5,"))
                .body("error.message", containsString("Parameter 'port' is invalid: Invalid default 0"));
        api().body(Map.of("template", "heat_template_version: 2018-08-31\n", "parameters", Map.of("colour", "red")))
                .post("/v1/demo/validate").then().statusCode(400)
                .body("error.message", equalTo("The Parameter (colour) was not defined in template."));
        api().body(Map.of("template", "heat_template_version: 2018-08-31\nresources: [a\n"))
                .post("/v1/demo/validate").then().statusCode(400)
                .body("error.message", containsString("Error parsing template at line"));
        api().body(Map.of("environment", Map.of())).post("/v1/demo/validate").then().statusCode(400)
                .body("error.message", equalTo("No template specified: send 'template'"));
        api().body(Map.of("template_url", "http://example.com/t.yaml")).post("/v1/demo/validate")
                .then().statusCode(400).body("error.message", containsString("template_url is not supported"));
        api().body(Map.of("template", "heat_template_version: 2018-08-31\n"))
                .post("/v1/demo/validate?ignore_errors=abc").then().statusCode(400)
                .body("error.message", equalTo("Invalid codes in ignore_errors : ['abc']"));
        api().body(Map.of("template", "heat_template_version: 2018-08-31\n"))
                .post("/v1/demo/validate?show_nested=maybe").then().statusCode(400)
                .body("error.message", equalTo(
                        "Unrecognized value \"maybe\" for \"show_nested\", acceptable values are: true, false."));
        given().contentType(ContentType.JSON).body(Map.of("template", "heat_template_version: 2018-08-31\n"))
                .post("/v1/demo/validate").then().statusCode(401);
    }
}
