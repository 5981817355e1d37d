package io.hearth.template;

import static io.restassured.RestAssured.given;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.hamcrest.Matchers.equalTo;

import com.fasterxml.jackson.databind.JsonNode;
import io.hearth.contracts.Topics;
import io.hearth.contracts.envelope.CloudEvent;
import io.hearth.contracts.envelope.HearthJson;
import io.hearth.contracts.plan.PlannedOutput;
import io.hearth.contracts.plan.StackPlan;
import io.hearth.contracts.stack.v1.StackCreateRequested;
import io.hearth.testsupport.HearthTestResource;
import io.quarkus.test.common.WithTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.kafka.InjectKafkaCompanion;
import io.restassured.http.ContentType;
import io.restassured.specification.RequestSpecification;
import io.smallrye.reactive.messaging.kafka.companion.ConsumerTask;
import io.smallrye.reactive.messaging.kafka.companion.KafkaCompanion;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each HOT function through the stacks API: a template puts the function in an output, and the
 * value the plan carries on {@code hearth.stack.commands} (what deployment-service will show as
 * the output) is the one Heat computes. Functions that need a created resource ({@code
 * get_resource}, {@code get_attr}) stay in the plan as expressions, with every static argument
 * (an attribute path built from parameters, say) already evaluated.
 */
@QuarkusTest
@WithTestResource(HearthTestResource.class)
class TemplateFunctionsApiTests {

    private static final String TOKEN = "hearth-dev-token";

    @InjectKafkaCompanion
    KafkaCompanion kafka;

    private ConsumerTask<String, String> commands;

    @BeforeEach
    void listen() {
        commands = kafka.consumeStrings().fromTopics(Topics.STACK_COMMANDS);
    }

    @AfterEach
    void stopListening() {
        commands.close();
    }

    private static RequestSpecification api() {
        return given().header("X-Auth-Token", TOKEN).contentType(ContentType.JSON).redirects().follow(false);
    }

    /** Creates a stack and returns the plan its create command carries. */
    private StackPlan planOf(String template, Map<String, Object> files) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("stack_name", "f-" + UUID.randomUUID().toString().substring(0, 8));
        body.put("template", template);
        body.put("files", files);
        String id = api().body(body).post("/v1/demo/stacks").then().statusCode(201).extract().path("stack.id");
        await().atMost(Duration.ofSeconds(30)).until(() -> commands.getRecords().stream()
                .anyMatch(r -> id.equals(r.key())));
        return CloudEvent.parse(commands.getRecords().stream().filter(r -> id.equals(r.key())).findFirst()
                .orElseThrow().value()).dataAs(StackCreateRequested.class).plan();
    }

    /** The output's value, to compare with JSON text (maps compare regardless of key order). */
    private static JsonNode json(PlannedOutput output) {
        return output.value();
    }

    private static JsonNode parse(String json) {
        return HearthJson.readTree(json);
    }

    @Test
    void parameterFileAndReferenceFunctions() {
        StackPlan plan = planOf("""
                heat_template_version: 2018-08-31
                parameters:
                  env: {type: string, default: prod}
                  settings: {type: json, default: {ports: [80, 443], tls: {cert: site.pem}}}
                resources:
                  pw: {type: OS::Heat::RandomString}
                  facts:
                    type: OS::Heat::Value
                    properties:
                      value: {env: {get_param: env}}
                outputs:
                  param: {value: {get_param: env}}
                  param_path: {value: {get_param: [settings, ports, 1]}}
                  param_path_missing: {value: {get_param: [settings, nothing]}}
                  stack_name: {value: {get_param: OS::stack_name}}
                  file: {value: {get_file: motd.txt}}
                  resource: {value: {get_resource: pw}}
                  attribute: {value: {get_attr: [pw, value]}}
                  attribute_path: {value: {get_attr: [facts, value, {get_param: [settings, tls, cert]}, 0]}}
                  all_attributes: {value: {get_attr: [facts]}}
                """, Map.of("motd.txt", "Welcome to $env\n"));
        Map<String, PlannedOutput> outputs = plan.outputs();
        assertThat(json(outputs.get("param"))).isEqualTo(parse("\"prod\""));
        assertThat(json(outputs.get("param_path"))).isEqualTo(parse("443"));
        // Heat: a path that leads nowhere gives an empty string
        assertThat(json(outputs.get("param_path_missing"))).isEqualTo(parse("\"\""));
        assertThat(outputs.get("stack_name").value().asText()).startsWith("f-");
        assertThat(json(outputs.get("file"))).isEqualTo(parse("\"Welcome to $env\\n\""));
        assertThat(json(outputs.get("resource"))).isEqualTo(parse("{\"get_resource\":\"pw\"}"));
        assertThat(json(outputs.get("attribute"))).isEqualTo(parse("{\"get_attr\":[\"pw\",\"value\"]}"));
        assertThat(json(outputs.get("attribute_path"))).isEqualTo(parse("{\"get_attr\":[\"facts\",\"value\",\"site.pem\",0]}"));
        assertThat(json(outputs.get("all_attributes"))).isEqualTo(parse("{\"get_attr\":[\"facts\"]}"));
        assertThat(plan.resources().get(1).properties().get("value").get("env").asText()).isEqualTo("prod");
    }

    @Test
    void stringFunctions() {
        StackPlan plan = planOf("""
                heat_template_version: 2018-08-31
                parameters:
                  who: {type: string, default: world}
                  ports: {type: comma_delimited_list, default: "80,443"}
                outputs:
                  str_replace:
                    value:
                      str_replace:
                        template: Hello $who, $who! Unused $stays
                        params: {$who: {get_param: who}, $gone: never}
                  str_replace_number:
                    value: {str_replace: {template: "port N", params: {N: 8080}}}
                  str_replace_strict:
                    value: {str_replace_strict: {template: "a-b", params: {a: x, b: ""}}}
                  str_replace_vstrict:
                    value: {str_replace_vstrict: {template: "a-b", params: {a: x, b: y}}}
                  list_join:
                    value: {list_join: [", ", {get_param: ports}, [more], [{k: v}]]}
                  str_split:
                    value: {str_split: [",", "a,b,,c"]}
                  str_split_index:
                    value: {str_split: [",", "a,b,,c", 1]}
                  digest:
                    value: {digest: [sha256, hello]}
                  digest_md5:
                    value: {digest: [md5, {get_param: who}]}
                  make_url:
                    value:
                      make_url:
                        scheme: https
                        host: example.com
                        port: 8443
                        path: /v1/a b
                        query: {q: "x y", lang: en}
                        fragment: top
                  make_url_ipv6:
                    value: {make_url: {scheme: http, host: "::1", path: /}}
                """, Map.of());
        Map<String, PlannedOutput> outputs = plan.outputs();
        assertThat(outputs.get("str_replace").value().asText()).isEqualTo("Hello world, world! Unused $stays");
        assertThat(outputs.get("str_replace_number").value().asText()).isEqualTo("port 8080");
        assertThat(outputs.get("str_replace_strict").value().asText()).isEqualTo("x-");
        assertThat(outputs.get("str_replace_vstrict").value().asText()).isEqualTo("x-y");
        assertThat(outputs.get("list_join").value().asText()).isEqualTo("80, 443, more, {\"k\": \"v\"}");
        assertThat(json(outputs.get("str_split"))).isEqualTo(parse("[\"a\",\"b\",\"\",\"c\"]"));
        assertThat(outputs.get("str_split_index").value().asText()).isEqualTo("b");
        assertThat(outputs.get("digest").value().asText())
                .isEqualTo("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
        assertThat(outputs.get("digest_md5").value().asText()).isEqualTo("7d793037a0760186574b0282f2f435e7");
        assertThat(outputs.get("make_url").value().asText())
                .isEqualTo("https://example.com:8443/v1/a%20b?q=x+y&lang=en#top");
        assertThat(outputs.get("make_url_ipv6").value().asText()).isEqualTo("http://[::1]/");
    }

    @Test
    void collectionFunctions() {
        StackPlan plan = planOf("""
                heat_template_version: 2018-08-31
                parameters:
                  ports: {type: comma_delimited_list, default: "80,443"}
                  hosts: {type: comma_delimited_list, default: "a,b"}
                outputs:
                  repeat:
                    value:
                      repeat:
                        for_each: {<%port%>: {get_param: ports}}
                        template: {port_range_min: <%port%>, protocol: tcp}
                  repeat_product:
                    value:
                      repeat:
                        for_each: {<%h%>: {get_param: hosts}, <%p%>: {get_param: ports}}
                        template: <%h%>:<%p%>
                  repeat_zip:
                    value:
                      repeat:
                        for_each: {<%h%>: {get_param: hosts}, <%p%>: {get_param: ports}}
                        template: <%h%>:<%p%>
                        permutations: false
                  map_merge:
                    value: {map_merge: [{a: 1, b: 1}, {b: 2}, {c: {d: 3}}]}
                  map_replace:
                    value:
                      map_replace:
                        - {k1: v1, k2: v2}
                        - {keys: {k1: K1}, values: {v2: V2}}
                  list_concat:
                    value: {list_concat: [[1, 2], {get_param: ports}, [2]]}
                  list_concat_unique:
                    value: {list_concat_unique: [[1, 2], [2, 3], [1]]}
                  contains:
                    value: {contains: ["443", {get_param: ports}]}
                  contains_not:
                    value: {contains: ["22", {get_param: ports}]}
                  filter:
                    value: {filter: [["80"], {get_param: ports}]}
                """, Map.of());
        Map<String, PlannedOutput> outputs = plan.outputs();
        assertThat(json(outputs.get("repeat"))).isEqualTo(parse(
                "[{\"port_range_min\":\"80\",\"protocol\":\"tcp\"},{\"port_range_min\":\"443\",\"protocol\":\"tcp\"}]"));
        assertThat(json(outputs.get("repeat_product"))).isEqualTo(parse("[\"a:80\",\"a:443\",\"b:80\",\"b:443\"]"));
        assertThat(json(outputs.get("repeat_zip"))).isEqualTo(parse("[\"a:80\",\"b:443\"]"));
        assertThat(json(outputs.get("map_merge"))).isEqualTo(parse("{\"a\":1,\"b\":2,\"c\":{\"d\":3}}"));
        assertThat(json(outputs.get("map_replace"))).isEqualTo(parse("{\"K1\":\"v1\",\"k2\":\"V2\"}"));
        assertThat(json(outputs.get("list_concat"))).isEqualTo(parse("[1,2,\"80\",\"443\",2]"));
        assertThat(json(outputs.get("list_concat_unique"))).isEqualTo(parse("[1,2,3]"));
        assertThat(json(outputs.get("contains"))).isEqualTo(parse("true"));
        assertThat(json(outputs.get("contains_not"))).isEqualTo(parse("false"));
        assertThat(json(outputs.get("filter"))).isEqualTo(parse("[\"443\"]"));
    }

    @Test
    void conditionFunctions() {
        StackPlan plan = planOf("""
                heat_template_version: 2021-04-16
                parameters:
                  env: {type: string, default: prod}
                  zones: {type: comma_delimited_list, default: "z1,z2"}
                conditions:
                  is_prod: {equals: [{get_param: env}, prod]}
                  is_dev: {not: is_prod}
                  prod_in_z1: {and: [is_prod, {contains: [z1, {get_param: zones}]}]}
                  dev_or_z3: {or: [is_dev, {contains: [z3, {get_param: zones}]}]}
                resources:
                  debug: {type: OS::Heat::None, condition: is_dev}
                  always: {type: OS::Heat::None}
                  uses_debug:
                    type: OS::Heat::Value
                    properties: {value: {get_resource: debug}}
                outputs:
                  size: {value: {if: [is_prod, large, small]}}
                  and: {value: {if: [prod_in_z1, prod in z1, elsewhere]}}
                  or: {value: {if: [dev_or_z3, dev or z3, neither]}}
                  inline: {value: {if: [{equals: [{get_param: env}, dev]}, dev, not dev]}}
                  dropped_item: {value: [a, {if: [is_dev, b]}, c]}
                  dev_only: {value: shown only in dev, condition: is_dev}
                  prod_only: {value: shown only in prod, condition: is_prod}
                """, Map.of());
        Map<String, PlannedOutput> outputs = plan.outputs();
        assertThat(outputs.get("size").value().asText()).isEqualTo("large");
        assertThat(outputs.get("and").value().asText()).isEqualTo("prod in z1");
        assertThat(outputs.get("or").value().asText()).isEqualTo("neither");
        assertThat(outputs.get("inline").value().asText()).isEqualTo("not dev");
        assertThat(json(outputs.get("dropped_item"))).isEqualTo(parse("[\"a\",\"c\"]"));
        assertThat(outputs).containsKey("prod_only").doesNotContainKey("dev_only");
        // a reference to a resource whose condition is false is no dependency (Heat allows it)
        assertThat(plan.resources()).extracting(r -> r.name() + " after " + r.dependsOn())
                .containsExactly("always after []", "uses_debug after []");
    }

    @Test
    void yaqlIsRefusedWithAClearMessage() {
        api().body(Map.of("stack_name", "f-yaql", "template", """
                        heat_template_version: 2018-08-31
                        outputs:
                          top:
                            value: {yaql: {expression: $.data.max(), data: [1, 2]}}
                        """))
                .post("/v1/demo/stacks").then().statusCode(400)
                .body("error.type", equalTo("StackValidationFailed"))
                .body("error.message", equalTo("outputs.top.value.yaql: yaql is not supported by Hearth; "
                        + "use other intrinsic functions (template, line 4, column 19)"));
        api().get("/v1/demo/stacks/f-yaql").then().statusCode(404);
    }
}
