package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.equalTo;

import io.hearth.testsupport.HearthTestResource;
import io.hearth.testsupport.TestDatabase;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Every class of template error through the stacks API, with the exact message a user reads
 * ({@code error.message} of Heat's error body, what heatclient prints). Each refused create
 * answers 400 {@code StackValidationFailed} and leaves nothing behind: no stack (by name: 404,
 * and no row) and no command (no outbox row names the stack, and the outbox is the only way to
 * {@code hearth.stack.commands}).
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class TemplateErrorsApiTests {

    private static final String TOKEN = "hearth-dev-token";

    private final TestDatabase db = TestDatabase.schema("template");

    private static RequestSpecification api() {
        return given().header("X-Auth-Token", TOKEN).contentType(ContentType.JSON).redirects().follow(false);
    }

    /** POSTs a create that must be refused; returns the message, having checked nothing was kept. */
    private String refused(Object template, Map<String, Object> extra) {
        String name = "e-" + UUID.randomUUID().toString().substring(0, 8);
        Map<String, Object> body = new LinkedHashMap<>(extra);
        body.put("stack_name", name);
        body.put("template", template);
        String message = api().body(body).post("/v1/demo/stacks").then().statusCode(400)
                .body("code", equalTo(400))
                .body("title", equalTo("Bad Request"))
                .body("error.type", equalTo("StackValidationFailed"))
                .extract().path("error.message");
        assertNothingKept(name);
        return message;
    }

    private void assertNothingKept(String name) {
        api().get("/v1/demo/stacks/" + name).then().statusCode(404)
                .body("error.message", equalTo("The Stack (" + name + ") could not be found."));
        assertThat(db.queryLong("select count(*) from stack where name = ?", name)).isZero();
        assertThat(db.queryLong("select count(*) from outbox_event where payload::text like ?", "%" + name + "%"))
                .isZero();
    }

    private String refused(Object template) {
        return refused(template, Map.of());
    }

    private String refusedWith(String template, Map<String, Object> parameters) {
        return refused(template, Map.of("parameters", parameters));
    }

    // ------------------------------------------------------------ reading

    @Test
    void brokenYamlNamesTheLineAndColumn() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  a: {type: OS::Heat::None
                  b: {type: OS::Heat::None}
                """)).isEqualTo("Error parsing template at line 4, column 4: expected ',' or '}', but got : "
                + "(while parsing a flow mapping at line 3, column 6) (template, line 4, column 4)");
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  a:
                    type: OS::Heat::None
                   properties: {}
                """)).isEqualTo("Error parsing template at line 5, column 4: expected <block end>, but found "
                + "'<block mapping start>' (while parsing a block mapping at line 3, column 3) (template, line 5, column 4)");
    }

    @Test
    void brokenJsonNamesTheLineAndColumn() {
        assertThat(refused("""
                {
                  "heat_template_version": "2018-08-31",
                  "resources": {"a": {"type": "OS::Heat::None"} "b": {"type": "OS::Heat::None"}}
                }
                """)).isEqualTo("Error parsing template at line 3, column 49: expected ',' or '}', but got <scalar> "
                + "(while parsing a flow mapping at line 3, column 16) (template, line 3, column 49)");
    }

    // ------------------------------------------------------------ outline

    @Test
    void unknownOrInvalidVersion() {
        assertThat(refused("heat_template_version: 2099-01-01\n")).isEqualTo("The template version is invalid: "
                + "\"heat_template_version: 2099-01-01\". \"heat_template_version\" should be one of: 2013-05-23, "
                + "2014-10-16, 2015-04-30, 2015-10-15, 2016-04-08, 2016-10-14, 2017-02-24, 2017-09-01, 2018-03-02, "
                + "2018-08-31, 2021-04-16, newton, ocata, pike, queens, rocky, wallaby");
        assertThat(refused("heat_template_version: [2018-08-31]\n")).isEqualTo("The template version is invalid: "
                + "\"heat_template_version: [\"2018-08-31\"]\". \"heat_template_version\" should be one of: 2013-05-23, "
                + "2014-10-16, 2015-04-30, 2015-10-15, 2016-04-08, 2016-10-14, 2017-02-24, 2017-09-01, 2018-03-02, "
                + "2018-08-31, 2021-04-16, newton, ocata, pike, queens, rocky, wallaby");
        assertThat(refused("description: no version\n"))
                .isEqualTo("Template format version not found: heat_template_version is missing");
    }

    @Test
    void unknownSection() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resource:
                  a: {type: OS::Heat::None}
                """)).isEqualTo("resource: The template section is invalid: resource (template, line 3, column 3)");
    }

    // ------------------------------------------------------------ functions

    @Test
    void functionOfALaterVersion() {
        assertThat(refused("""
                heat_template_version: 2015-04-30
                outputs:
                  parts: {value: {str_split: [",", "a,b"]}}
                """)).isEqualTo("outputs.parts.value.str_split: The function \"str_split\" is not supported in "
                + "heat_template_version 2015-04-30; it requires 2015-10-15 or later (template, line 3, column 30)");
        assertThat(refused("""
                heat_template_version: 2016-10-14
                resources:
                  a:
                    type: OS::Heat::None
                    metadata: {size: {if: [true, 1, 2]}}
                """)).isEqualTo("resources.a.metadata.size.if: The function \"if\" is invalid in this context "
                + "(template, line 5, column 27)");
        assertThat(refused("""
                heat_template_version: 2015-10-15
                outputs:
                  old: {value: {"Fn::Select": [0, [a]]}}
                """)).isEqualTo("outputs.old.value.Fn::Select: The template version is invalid: The function Fn::Select "
                + "is not supported in this version of HOT. (template, line 3, column 31)");
    }

    @Test
    void badFunctionArguments() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                outputs:
                  joined: {value: {list_join: [","]}}
                """)).isEqualTo("outputs.joined.value.list_join: Incorrect arguments to \"list_join\" should be: "
                + "\"list_join\" : [ \" \", [ \"str1\", \"str2\"] ...] (template, line 3, column 31)");
        assertThat(refused("""
                heat_template_version: 2018-08-31
                outputs:
                  text: {value: {str_replace: {template: "$a"}}}
                """)).isEqualTo("outputs.text.value.str_replace: '\"str_replace\" syntax should be str_replace:\\n"
                + "              template: This is var1 template var2\\n              params:\\n"
                + "                var1: a\\n                var2: string' (template, line 3, column 31)");
        assertThat(refused("""
                heat_template_version: 2018-08-31
                outputs:
                  text: {value: {str_replace_strict: {template: "x", params: {$a: b}}}}
                """)).isEqualTo("outputs.text.value.str_replace_strict: The following params were not found in the "
                + "template: $a (template, line 3, column 38)");
        assertThat(refused("""
                heat_template_version: 2018-08-31
                outputs:
                  hash: {value: {digest: [crc32, x]}}
                """)).isEqualTo("outputs.hash.value.digest: Algorithm must be one of {'md5', 'sha1', 'sha224', 'sha256', "
                + "'sha384', 'sha512'} (template, line 3, column 26)");
        assertThat(refused("""
                heat_template_version: 2018-08-31
                outputs:
                  url: {value: {make_url: {host: example.com, port: 70000}}}
                """)).isEqualTo("outputs.url.value.make_url: Invalid URL port 70000, must be in range 1-65535 "
                + "(template, line 3, column 27)");
    }

    @Test
    void missingGetFileFile() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  cfg:
                    type: OS::Heat::SoftwareConfig
                    properties:
                      config: {get_file: setup.sh}
                """, Map.of("files", Map.of("other.sh", "echo")))).isEqualTo("resources.cfg.properties.config.get_file: "
                + "No content found in the \"files\" section for get_file path: setup.sh (template, line 6, column 26)");
    }

    // ------------------------------------------------------------ parameters

    private static final String PARAMETERS = """
            heat_template_version: 2017-02-24
            parameters:
              name: {type: string, constraints: [{length: {min: 2, max: 4}}]}
              port: {type: number, default: 80, constraints: [{range: {min: 1, max: 65535}}]}
              flavor: {type: string, default: small, constraints: [{allowed_values: [small, large]}]}
              tag: {type: string, default: ab, constraints: [{allowed_pattern: "[a-z]+"}]}
              even: {type: number, default: 2, constraints: [{modulo: {step: 2, offset: 0}}]}
              key: {type: string, default: k, constraints: [{custom_constraint: nova.keypair}]}
            """;

    @Test
    void unknownParameter() {
        assertThat(refusedWith(PARAMETERS, Map.of("name", "abc", "colour", "red")))
                .isEqualTo("The Parameter (colour) was not defined in template.");
    }

    @Test
    void missingParameter() {
        assertThat(refusedWith(PARAMETERS, Map.of()))
                .isEqualTo("parameters.name: The Parameter (name) was not provided. (template, line 3, column 9)");
    }

    @Test
    void wrongParameterType() {
        assertThat(refusedWith(PARAMETERS, Map.of("name", "abc", "port", "eighty"))).isEqualTo("parameters.port: "
                + "Parameter 'port' is invalid: could not convert string to float: 'eighty' (template, line 4, column 9)");
    }

    @Test
    void constraintViolations() {
        assertThat(refusedWith(PARAMETERS, Map.of("name", "abcdef"))).isEqualTo("parameters.name.constraints[0].length: "
                + "Parameter 'name' is invalid: length (6) is out of range (min: 2, max: 4) (template, line 3, column 47)");
        assertThat(refusedWith(PARAMETERS, Map.of("name", "abc", "port", "70000"))).isEqualTo("parameters.port.constraints[0]"
                + ".range: Parameter 'port' is invalid: 70000 is out of range (min: 1, max: 65535) (template, line 4, column 59)");
        assertThat(refusedWith(PARAMETERS, Map.of("name", "abc", "flavor", "huge"))).isEqualTo("parameters.flavor"
                + ".constraints[0].allowed_values: Parameter 'flavor' is invalid: \"huge\" is not an allowed value "
                + "[small, large] (template, line 5, column 73)");
        assertThat(refusedWith(PARAMETERS, Map.of("name", "abc", "tag", "AB1"))).isEqualTo("parameters.tag.constraints[0]"
                + ".allowed_pattern: Parameter 'tag' is invalid: \"AB1\" does not match pattern \"[a-z]+\" "
                + "(template, line 6, column 68)");
        // Heat's own message ends with an unmatched ")"
        assertThat(refusedWith(PARAMETERS, Map.of("name", "abc", "even", "3"))).isEqualTo("parameters.even.constraints[0]"
                + ".modulo: Parameter 'even' is invalid: 3 is not a multiple of 2 with an offset of 0) "
                + "(template, line 7, column 59)");
    }

    private static final String NOT_CHECKED = "parameters.key.constraints[0].custom_constraint: custom_constraint "
            + "\"nova.keypair\" is not checked: it looks values up in OpenStack (nova), which Hearth does not have "
            + "(template, line 8, column 69)";

    @Test
    void customConstraintsAreNotCheckedButUnknownOnesAreRefused() {
        String name = "e-" + UUID.randomUUID().toString().substring(0, 8);
        api().body(Map.of("stack_name", name, "template", PARAMETERS, "parameters",
                        Map.of("name", "abc", "key", "no-such-keypair")))
                .post("/v1/demo/stacks").then().statusCode(201)
                .body("stack.warnings", org.hamcrest.Matchers.contains(NOT_CHECKED));
        api().body(Map.of("template", PARAMETERS)).post("/v1/demo/validate").then().statusCode(200)
                .body("Parameters.key.CustomConstraint", equalTo("nova.keypair"))
                .body("Warnings", org.hamcrest.Matchers.contains(NOT_CHECKED));
        assertThat(refused(PARAMETERS.replace("nova.keypair", "no_such_constraint"), Map.of("parameters",
                Map.of("name", "abc")))).isEqualTo("parameters.key.constraints[0].custom_constraint: Parameter 'key' is invalid: "
                + "\"k\" does not validate no_such_constraint (constraint not found) (template, line 8, column 69)");
    }

    // ------------------------------------------------------------ resources

    @Test
    void missingRequiredProperty() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  cfg: {type: OS::Heat::SoftwareConfig}
                  deploy:
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      config: {get_resource: cfg}
                """)).isEqualTo("resources.deploy.properties: Property server not assigned (template, line 7, column 7)");
    }

    @Test
    void wrongPropertyType() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  pw:
                    type: OS::Heat::RandomString
                    properties:
                      length: twelve
                """)).isEqualTo("resources.pw.properties.length: Value 'twelve' is not an integer "
                + "(template, line 6, column 15)");
    }

    @Test
    void unknownProperty() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  pw:
                    type: OS::Heat::RandomString
                    properties:
                      lenght: 12
                """)).isEqualTo("resources.pw.properties: Unknown Property lenght (template, line 6, column 7)");
    }

    @Test
    void valueNotAllowed() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  server: {type: OS::Nova::Server, properties: {flavor: m1.small, image: fedora}}
                  cfg: {type: OS::Heat::SoftwareConfig}
                  deploy:
                    type: OS::Heat::SoftwareDeployment
                    properties:
                      config: {get_resource: cfg}
                      server: {get_resource: server}
                      signal_transport: SMOKE_SIGNAL
                """)).isEqualTo("resources.deploy.properties.signal_transport: \"SMOKE_SIGNAL\" is not an allowed value "
                + "[CFN_SIGNAL, TEMP_URL_SIGNAL, HEAT_SIGNAL, NO_SIGNAL, ZAQAR_SIGNAL] (template, line 10, column 25)");
    }

    @Test
    void unknownResourceTypeNamesItAndShowsTheRegistryLine() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  net: {type: Acme::Net}
                """)).isEqualTo("resources.net.type: Unknown resource type Acme::Net. Map it in the environment: "
                + "resource_registry: {\"Acme::Net\": \"OS::Heat::None\"} (template, line 3, column 15)");
    }

    @Test
    void aHeatTypeWhoseServiceIsAbsentIsResourceTypeUnavailableInHeatsWordsThenTheOtherProblems() {
        String name = "e-" + UUID.randomUUID().toString().substring(0, 8);
        api().body(Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                resources:
                  vol: {type: OS::Cinder::Volume, properties: {size: 1}}
                """)).post("/v1/demo/stacks").then().statusCode(400)
                .body("code", equalTo(400))
                .body("title", equalTo("Bad Request"))
                .body("explanation", equalTo("The server could not comply with the request since it is either "
                        + "malformed or otherwise incorrect."))
                .body("error.type", equalTo("ResourceTypeUnavailable"))
                .body("error.message", equalTo("HEAT-E99001 Service cinder is not available for resource type "
                        + "OS::Cinder::Volume, reason: cinder volumev3 endpoint is not in service catalog."));
        assertNothingKept(name);
        api().body(Map.of("stack_name", name, "template", """
                heat_template_version: 2018-08-31
                resources:
                  pw: {type: OS::Heat::RandomString, properties: {bogus: 1}}
                  db: {type: OS::Trove::Instance}
                """)).post("/v1/demo/stacks").then().statusCode(400)
                .body("error.type", equalTo("ResourceTypeUnavailable"))
                .body("error.message", equalTo("HEAT-E99001 Service trove is not available for resource type "
                        + "OS::Trove::Instance, reason: trove database endpoint is not in service catalog.\n"
                        + "resources.pw.properties: Unknown Property bogus (template, line 3, column 50)"));
        Map<String, String> net = Map.of("template",
                "heat_template_version: 2018-08-31\nresources:\n  n: {type: OS::Neutron::Net}\n");
        api().body(net).post("/v1/demo/validate").then().statusCode(400)
                .body("error.type", equalTo("ResourceTypeUnavailable"));
        api().body(net).post("/v1/demo/validate?ignore_errors=99001").then().statusCode(200);
    }

    @Test
    void referenceToAMissingResource() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  cfg:
                    type: OS::Heat::SoftwareConfig
                    properties:
                      config: {get_resource: nowhere}
                """)).isEqualTo("resources.cfg.properties.config.get_resource: The specified reference \"nowhere\" "
                + "(in cfg.Properties) is incorrect. (template, line 6, column 30)");
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  pw: {type: OS::Heat::RandomString}
                outputs:
                  secret: {value: {get_attr: [pwd, value]}}
                """)).isEqualTo("outputs.secret.value.get_attr: The specified reference \"pwd\" (in outputs.secret.value) "
                + "is incorrect. (template, line 5, column 30)");
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  a: {type: OS::Heat::None, depends_on: [b]}
                """)).isEqualTo("resources.a.depends_on: The specified reference \"b\" (in a) is incorrect. "
                + "(template, line 3, column 41)");
    }

    @Test
    void unknownAttribute() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  pw: {type: OS::Heat::RandomString}
                outputs:
                  secret: {value: {get_attr: [pw, valeu]}}
                """)).isEqualTo("outputs.secret.value.get_attr: The Referenced Attribute (pw valeu) is incorrect. "
                + "(template, line 5, column 30)");
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  pw: {type: OS::Heat::RandomString}
                  copy:
                    type: OS::Heat::Value
                    properties:
                      value: {str_replace: {template: "pw=$pw", params: {$pw: {get_attr: [pw, secret]}}}}
                """)).isEqualTo("resources.copy.properties.value.str_replace.params.$pw.get_attr: The Referenced Attribute "
                + "(pw secret) is incorrect. (template, line 7, column 74)");
    }

    @Test
    void aPerResourceTemplateMustOfferItsFacadesInterface() {
        String facade = """
                heat_template_version: 2015-04-30
                parameters:
                  one: {type: string}
                  two: {type: string}
                outputs:
                  here-it-is: {value: noop}
                """;
        Map<String, Object> environment = Map.of("resource_registry", Map.of("OS::Thingy", "facade.yaml",
                "resources", Map.of("thisone", Map.of("OS::Thingy", "concrete.yaml"))));
        String template = """
                heat_template_version: 2015-10-15
                resources:
                  thisone:
                    type: OS::Thingy
                    properties: {one: pre, two: post}
                outputs:
                  one: {value: {get_attr: [thisone, here-it-is]}}
                """;

        assertThat(refused(template.replace(", two: post", ""), Map.of("environment", environment, "files",
                Map.of("facade.yaml", facade, "concrete.yaml", facade.replace("  two: {type: string}\n", "")))))
                .isEqualTo("Required property two for facade OS::Thingy missing in provider");
        assertThat(refused(template, Map.of("environment", environment, "files", Map.of("facade.yaml", facade,
                "concrete.yaml", facade.replace("here-it-is", "elsewhere")))))
                .isEqualTo("Attribute here-it-is for facade OS::Thingy missing in provider");
    }

    @Test
    void dependencyCycle() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                resources:
                  a: {type: OS::Heat::Value, properties: {value: {get_attr: [c, value]}}}
                  b: {type: OS::Heat::Value, properties: {value: {get_resource: a}}}
                  c: {type: OS::Heat::None, depends_on: [b]}
                """)).isEqualTo("Circular Dependency Found: a -> c -> b -> a");
    }

    @Test
    void everyProblemIsReportedAtOnceWithPathLineAndColumn() {
        assertThat(refused("""
                heat_template_version: 2018-08-31
                parameters:
                  size: {type: number, default: big}
                resources:
                  pw:
                    type: OS::Heat::RandomString
                    properties:
                      length: {get_param: size}
                      bogus: 1
                  net: {type: Acme::Net}
                  cfg:
                    type: OS::Heat::SoftwareConfig
                    properties:
                      config: {get_file: missing.sh}
                outputs:
                  joined: {value: {list_join: 1}}
                """)).isEqualTo(String.join("\n",
                "parameters.size: Parameter 'size' is invalid: could not convert string to float: 'big' "
                        + "(template, line 3, column 9)",
                "resources.pw.properties: Unknown Property bogus (template, line 8, column 7)",
                "resources.net.type: Unknown resource type Acme::Net. Map it in the environment: "
                        + "resource_registry: {\"Acme::Net\": \"OS::Heat::None\"} (template, line 10, column 15)",
                "resources.cfg.properties.config.get_file: No content found in the \"files\" section for get_file "
                        + "path: missing.sh (template, line 14, column 26)",
                "outputs.joined.value.list_join: Incorrect arguments to \"list_join\" should be: \"list_join\" : "
                        + "[ \" \", [ \"str1\", \"str2\"] ...] (template, line 16, column 31)"));
    }

    // ------------------------------------------------------------ limits

    @Test
    void aTemplateOverTheSizeLimit() {
        String head = "heat_template_version: 2018-08-31\ndescription: ";
        String template = head + "x".repeat(513 * 1024 - head.length() - 1) + "\n";
        assertThat(refused(template)).isEqualTo("Request limit exceeded: Template size (525312 bytes) exceeds maximum "
                + "allowed size (524288 bytes).");
        // as a JSON object: its keys and strings alone are over the limit
        assertThat(refused(Map.of("heat_template_version", "2018-08-31", "description", "x".repeat(513 * 1024))))
                .isEqualTo("Request limit exceeded: Template size (at least 525354 bytes) exceeds maximum allowed size "
                        + "(524288 bytes).");
    }

    @Test
    void tooManyResources() {
        StringBuilder text = new StringBuilder("heat_template_version: 2018-08-31\nresources:\n");
        Map<String, Object> resources = new LinkedHashMap<>();
        for (int i = 0; i < 1001; i++) {
            text.append("  r").append(i).append(": {type: OS::Heat::None}\n");
            resources.put("r" + i, Map.of("type", "OS::Heat::None"));
        }
        assertThat(refused(text.toString())).isEqualTo("resources: Request limit exceeded: Maximum resources per stack "
                + "exceeded. The template defines 1001 resources; at most 1000 are allowed (line 2, column 1) "
                + "(template, line 2, column 1)");
        // the same template sent as a JSON object rather than as text
        assertThat(refused(Map.of("heat_template_version", "2018-08-31", "resources", resources))).isEqualTo(
                "resources: Request limit exceeded: Maximum resources per stack exceeded. The template defines 1001 "
                        + "resources; at most 1000 are allowed");
    }

    @Test
    void nestingTooDeep() {
        String deep = "[".repeat(600) + "]".repeat(600);
        assertThat(refused("heat_template_version: 2018-08-31\noutputs:\n  deep: {value: " + deep + "}\n"))
                .isEqualTo("Template is nested more than 500 levels deep (line 3, column 514) "
                        + "(template, line 3, column 514)");
        Object nested = "bottom";
        for (int i = 0; i < 600; i++) {
            nested = java.util.List.of(nested);
        }
        assertThat(refused(Map.of("heat_template_version", "2018-08-31", "outputs",
                Map.of("deep", Map.of("value", nested))))).isEqualTo(
                        "outputs.deep.value: Template is nested more than 500 levels deep");
    }

    /** A 2 KB template whose {@code repeat} would make 64 million strings (issue 13). */
    private static final String SIXTY_FOUR_MILLION = """
            heat_template_version: 2018-08-31
            parameters:
              a: {type: comma_delimited_list}
              b: {type: comma_delimited_list}
              c: {type: comma_delimited_list}
            resources:
              x:
                type: OS::Heat::Value
                properties:
                  value:
                    repeat:
                      template: "%a%-%b%-%c%"
                      for_each: {"%a%": {get_param: a}, "%b%": {get_param: b}, "%c%": {get_param: c}}
            """;

    private static Map<String, Object> listsOf400(String... names) {
        String values = String.join(",", java.util.stream.IntStream.range(0, 400).mapToObj(i -> "v" + i).toList());
        Map<String, Object> parameters = new LinkedHashMap<>();
        for (String name : names) {
            parameters.put(name, values);
        }
        return parameters;
    }

    @Test
    void aRepeatOf64MillionItemsIsRefusedBeforeItIsBuilt() {
        String expected = "resources.x.properties.value.repeat: \"repeat\" would produce 64000000 items, more than "
                + "the limit of 262144 (hearth.template.limits.max-evaluated-items) (template, line 12, column 11)";
        assertThat(refusedWith(SIXTY_FOUR_MILLION, listsOf400("a", "b", "c"))).isEqualTo(expected);
        api().body(Map.of("template", SIXTY_FOUR_MILLION, "parameters", listsOf400("a", "b", "c")))
                .post("/v1/demo/validate").then().statusCode(400)
                .body("code", equalTo(400))
                .body("title", equalTo("Bad Request"))
                .body("error.type", equalTo("HTTPBadRequest"))
                .body("error.message", equalTo(expected));
    }

    @Test
    void resourcesWithinTheEvaluationLimitsCannotAddUpPastThem() {
        // each value holds 160,000 strings: the first is accepted, the second would pass 262,144 items
        String template = """
                heat_template_version: 2018-08-31
                parameters:
                  a: {type: comma_delimited_list}
                  b: {type: comma_delimited_list}
                resources:
                  x:
                    type: OS::Heat::Value
                    properties:
                      value: {repeat: {template: "%a%%b%", for_each: {"%a%": {get_param: a}, "%b%": {get_param: b}}}}
                  y:
                    type: OS::Heat::Value
                    properties:
                      value: {repeat: {template: "%a%%b%", for_each: {"%a%": {get_param: a}, "%b%": {get_param: b}}}}
                """;
        assertThat(refusedWith(template, listsOf400("a", "b"))).isEqualTo("resources.y.properties.value.repeat: "
                + "\"repeat\" would bring the evaluated values to 320001 items, more than the limit of 262144 "
                + "(hearth.template.limits.max-evaluated-items) (template, line 13, column 23)");
    }

    @Test
    void billionLaughsIsRefusedBeforeItExpands() {
        StringBuilder laughs = new StringBuilder("heat_template_version: 2018-08-31\nparameter_groups: []\n"
                + "description: laughs\noutputs:\n  lol0: {value: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]}\n");
        for (int i = 1; i <= 9; i++) {
            String previous = "*l" + (i - 1);
            laughs.append("  lol").append(i).append(": {value: &l").append(i).append(" [")
                    .append(String.join(", ", java.util.Collections.nCopies(10, previous))).append("]}\n");
        }
        assertThat(refused(laughs.toString())).isEqualTo("Template uses more than 50 aliases (*name) to mappings or "
                + "sequences; the one past the limit is at line 11, column 22. Such documents are refused because each "
                + "alias can multiply the document's size (a \"billion laughs\" attack) (template, line 11, column 22)");
    }

    @Test
    void textThatIsNotUtf8() {
        // a JSON body must be UTF-8: bytes that are not are refused before the template is looked at
        byte[] body = ("{\"stack_name\": \"e-bytes\", \"template\": \"heat_template_version: 2018-08-31\\n"
                + "description: caf").getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] tail = "\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] latin1 = new byte[body.length + 1 + tail.length];
        System.arraycopy(body, 0, latin1, 0, body.length);
        latin1[body.length] = (byte) 0xE9; // é in Latin-1
        System.arraycopy(tail, 0, latin1, body.length + 1, tail.length);
        String message = api().body(latin1).post("/v1/demo/stacks").then().statusCode(400)
                .body("code", equalTo(400)).extract().path("error.message");
        assertThat(message).startsWith("The request body is not valid JSON: Invalid UTF-8");
        assertNothingKept("e-bytes");
        // inside the JSON string, an escaped lone surrogate is the one character that is no Unicode text
        assertThat(refused("heat_template_version: 2018-08-31\ndescription: caf\ud800\n")).isEqualTo("Error parsing "
                + "template at line 2, column 17: unacceptable character #xD800: special characters are not allowed "
                + "(template, line 2, column 17)");
    }
}
